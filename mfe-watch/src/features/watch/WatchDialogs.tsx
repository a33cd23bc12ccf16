import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { DictSelect, confirmAction, validateForm } from '@exam/ui';
import { useBatchMsgMutation, useForceHandAllMutation, useForceHandMutation, useSingleMsgMutation } from './watchApi';

/** What a dialog acts on: a message to one examinee or all, a forced hand-in of one paper or all. */
export type WatchDialog =
  | { kind: 'msg'; userId?: string; name?: string }
  | { kind: 'hand'; paperId: string; name: string }
  | { kind: 'handAll' };

type Props = { examId: string; dialog: WatchDialog | null; onClose: () => void };

const TITLES = { msg: '发送提醒', hand: '强制交卷', handAll: '全部交卷' } as const;

/** The proctor's prompt dialogs; the grid pauses its refresh while one is open. */
export function WatchDialogs({ examId, dialog, onClose }: Props) {
  const [form] = Form.useForm();
  const [single] = useSingleMsgMutation();
  const [batch] = useBatchMsgMutation();
  const [hand] = useForceHandMutation();
  const [handAll] = useForceHandAllMutation();
  if (!dialog) return null;
  // A failed validation stays in the form; a failed call was already shown by the api client.
  const submit = () => send().catch(() => {});
  const send = async () => {
    const v = await validateForm(form);
    if (dialog.kind === 'msg') {
      const r = dialog.userId
        ? await single({ examId, userId: dialog.userId, message: v.message }).unwrap()
        : await batch({ examId, message: v.message }).unwrap();
      (r.fail ? Message.warning : Message.success)(`成功：${r.success}，失败：${r.fail}`);
    } else if (dialog.kind === 'hand') {
      await hand({ paperId: dialog.paperId, message: v.message }).unwrap();
      Message.success('交卷成功！');
    } else {
      if (!(await confirmAction({ content: '交卷后考生将无法继续考试，确实要全部交卷吗？' }))) return;
      const r = await handAll({ examId, exState: Number(v.exState), message: v.message }).unwrap();
      Message.success(`已交卷${r.handed}份`);
    }
    form.resetFields();
    onClose();
  };
  const reason = dialog.kind === 'msg' ? '提醒内容' : '收卷理由';
  return (
    <Modal
      visible
      title={dialog.kind === 'msg' && dialog.name ? `提醒：${dialog.name}` : TITLES[dialog.kind]}
      onOk={submit}
      onCancel={onClose}
      unmountOnExit
    >
      <Form form={form} layout="vertical">
        {dialog.kind === 'handAll' && (
          <Form.Item label="考卷状态" field="exState" rules={[{ required: true, message: '考卷状态必须选择！' }]}>
            <DictSelect dicCode="paper_ex_state" />
          </Form.Item>
        )}
        <Form.Item
          label={reason}
          field="message"
          rules={[
            { required: true, message: dialog.kind === 'msg' ? '提醒内容必须填写！' : '收卷理由必须填写！' },
            { maxLength: 500 },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={500} showWordLimit />
        </Form.Item>
      </Form>
    </Modal>
  );
}
