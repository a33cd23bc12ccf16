import { validateForm } from '@exam/ui';
import { Alert, Form, Input, Message, Modal } from '@arco-design/web-react';
import { useApplySaveMutation } from './learnerApi';

export const APPLY_EMPTY_MSG = '申请理由不能为空！';
export const APPLY_NOTE =
  '若摄像头无法使用或遗失考试密码，可提交考试申请；审核通过后，可不经人脸识别、无需密码直接进入本场考试（仅限一次）。';

/** Exam apply dialog (spec learner §2): a reason, sent (ApplyCalls.save) for an administrator to audit. */
export function ApplyDialog({ examId, visible, onClose }: { examId: string; visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ applyMsg: string }>();
  const [applySave, { isLoading: saving }] = useApplySaveMutation();
  const submit = async () => {
    const applyMsg = await validateForm(form).then(
      (v) => v.applyMsg,
      () => undefined,
    );
    if (applyMsg === undefined) return; // the form shows 申请理由不能为空！
    const res = await applySave({ examId, applyMsg: applyMsg.trim() });
    // On an error the client has shown the server's message (a pending application, …); the dialog stays open.
    if ('error' in res) return;
    Message.success('提交成功，审核结果将通过站内信通知您！');
    form.resetFields();
    onClose();
  };
  return (
    <Modal title="考试申请" visible={visible} onCancel={onClose} onOk={submit} confirmLoading={saving} unmountOnExit>
      <Alert type="info" content={APPLY_NOTE} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          label="申请理由"
          field="applyMsg"
          rules={[{ validator: (v: string | undefined, cb) => cb(v?.trim() ? undefined : APPLY_EMPTY_MSG) }]}
        >
          <Input.TextArea
            placeholder="请说明申请原因，如摄像头无法使用、忘记考试密码等"
            maxLength={500}
            showWordLimit
            autoSize={{ minRows: 4 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
