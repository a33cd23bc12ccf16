import { validateForm } from '@exam/ui';
import { Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import type { CourseViewFile } from '@exam/contracts';
import { useQaSaveMutation } from './qaApi';

/** New question (spec §5): a courseware must be chosen and the content cannot be empty. */
export function QaPublishDialog({
  courseId,
  files,
  visible,
  onClose,
}: {
  courseId: string;
  files: CourseViewFile[];
  visible: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ fileId: string; content: string }>();
  const [save, { isLoading }] = useQaSaveMutation();
  const submit = async () => {
    const v = await validateForm(form);
    await save({ courseId, fileId: v.fileId, content: v.content.trim() }).unwrap();
    Message.success('提问成功！');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title="我要提问"
      visible={visible}
      onCancel={onClose}
      confirmLoading={isLoading}
      onOk={() => submit().catch(() => undefined)}
      unmountOnExit
    >
      <Form form={form} layout="vertical">
        <Form.Item label="课件" field="fileId" rules={[{ required: true, message: '请选择课件！' }]}>
          <Select placeholder="请选择课件" options={files.map((f) => ({ value: f.fileId, label: f.title }))} />
        </Form.Item>
        <Form.Item
          label="问题内容"
          field="content"
          rules={[
            { required: true, message: '问题内容不能为空！' },
            { validator: (v, cb) => cb(v?.trim() ? undefined : '问题内容不能为空！') },
          ]}
        >
          <Input.TextArea placeholder="请描述你的问题" maxLength={2000} showWordLimit autoSize={{ minRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
