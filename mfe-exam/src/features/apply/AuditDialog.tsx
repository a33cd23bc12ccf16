import { AuditState } from '@exam/contracts';
import { validateForm } from '@exam/ui';
import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal, Radio } from '@arco-design/web-react';
import { useApplyAuditMutation } from '../review/reviewApi';

/** Approve or refuse the selected applications; a refusal must give its reason (spec admin messages). */
export function AuditDialog({ ids, onClose, onSaved }: { ids?: string[]; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [audit, { isLoading: busy }] = useApplyAuditMutation();
  const [state, setState] = useState<number>(AuditState.APPROVED);
  useEffect(() => {
    if (ids) form.setFieldsValue({ auditState: AuditState.APPROVED, auditMsg: '' });
    setState(AuditState.APPROVED);
  }, [ids, form]);

  const save = async () => {
    const v = await validateForm(form);
    await audit({ ids: ids ?? [], auditState: v.auditState, auditMsg: v.auditMsg ?? '' }).unwrap();
    Message.success('审核成功！');
    onSaved();
    onClose();
  };

  return (
    <Modal
      title="审核申请"
      visible={!!ids}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      unmountOnExit
    >
      <Form
        form={form}
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        onValuesChange={(c) => c.auditState && setState(c.auditState)}
      >
        <Form.Item label="审核结果" field="auditState" rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { label: '通过', value: AuditState.APPROVED },
              { label: '驳回', value: AuditState.REFUSED },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="审核意见"
          field="auditMsg"
          rules={[
            { required: state === AuditState.REFUSED, message: '审核意见不能为空！' },
            {
              validator: (v, cb) =>
                cb(state === AuditState.REFUSED && !String(v ?? '').trim() ? '审核理由不能为空！' : undefined),
            },
            { maxLength: 500 },
          ]}
        >
          <Input.TextArea placeholder="请输入审核意见" rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
