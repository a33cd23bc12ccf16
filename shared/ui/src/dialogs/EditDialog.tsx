import { validateForm } from '../form/validateForm';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Form, Message, Modal, Spin, type FormInstance } from '@arco-design/web-react';
import { useIsMobile } from '../responsive';
import { UploadGuardProvider, useUploadingSave } from '../upload/uploadGuard';

export interface EditDialogProps<V> {
  title: ReactNode;
  visible: boolean;
  /**
   * What the form opens with: the record (a query's data or the row itself) or a new record's defaults.
   * Applied when the dialog opens and when a loading record arrives, not on every render, so a literal is fine.
   */
  initial: Partial<V> | undefined;
  /** The record's query is still fetching. */
  loading?: boolean;
  /** The record could not be loaded (the request layer has told the user): the dialog closes. */
  failed?: boolean;
  /** Saves the validated values, e.g. `(v) => save({ ...v, id }).unwrap()`; a rejection keeps the dialog open. */
  onSave: (values: V) => Promise<unknown>;
  /** The spec's success message for this record. */
  success: string;
  onClose: () => void;
  /** After a save, for lists that are not refreshed by the mutation's tags. */
  onSaved?: () => void;
  /** Pass one when fields depend on each other (`Form.useWatch`). */
  form?: FormInstance<V>;
  /** Label and field column spans. */
  cols?: [number, number];
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The one edit dialog (spec admin §2): a record's form fed by a query (or the row) and saved by a mutation,
 * whose tags refresh the lists that show it; it validates, shows the success message and closes.
 */
export function EditDialog<V>(props: EditDialogProps<V>) {
  const {
    title,
    visible,
    initial,
    loading,
    failed,
    onSave,
    success,
    onClose,
    onSaved,
    cols = [5, 18],
    style,
    children,
  } = props;
  const [own] = Form.useForm<V>();
  const form = props.form ?? own;
  const latest = useRef(initial);
  latest.current = initial;
  const ready = visible && !loading && initial !== undefined;
  useEffect(() => {
    if (!ready) return;
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [ready, form]);
  useEffect(() => {
    if (visible && failed) onClose();
  }, [visible, failed, onClose]);

  // Below the one mobile breakpoint a label column beside the fields leaves one character per line:
  // labels go above instead (and the dialog keeps inside the screen).
  const narrow = useIsMobile();
  const {
    uploads,
    busy,
    run: submit,
  } = useUploadingSave(async () => {
    const values = await validateForm(form);
    await onSave(values);
    Message.success(success);
    onSaved?.();
    onClose();
  });
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      style={{ maxWidth: '95vw', ...style }}
      unmountOnExit
    >
      <Spin loading={!!loading} style={{ display: 'block' }}>
        <Form
          form={form}
          {...(narrow
            ? { layout: 'vertical' as const }
            : { labelCol: { span: cols[0] }, wrapperCol: { span: cols[1] } })}
        >
          <UploadGuardProvider guard={uploads}>{children}</UploadGuardProvider>
        </Form>
      </Spin>
    </Modal>
  );
}
