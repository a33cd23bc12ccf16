import { useEffect } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { CourseFileType, type CourseFileRow } from '@exam/contracts';
import { validateForm } from '@exam/ui';
import { useFileSaveMutation } from './fileApi';
import { FileNameFields } from './FileNameFields';

/** `row` edits a courseware's title and category; `'live'` creates a live courseware from a stream name. */
export function FileEditDialog({ target, onClose }: { target?: CourseFileRow | 'live'; onClose: () => void }) {
  const [form] = Form.useForm();
  const [save, { isLoading }] = useFileSaveMutation();
  const live = target === 'live';

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'live') form.setFieldsValue({ title: target.title, catId: target.catId || undefined });
  }, [target, form]);

  const submit = async () => {
    const v = await validateForm(form);
    const body = live ? { ...v, fileType: CourseFileType.LIVE } : { ...v, id: (target as CourseFileRow).id };
    await save(body).unwrap();
    Message.success('保存成功！');
    onClose();
  };

  return (
    <Modal
      title={live ? '新增直播课件' : '修改课件'}
      visible={!!target}
      onCancel={onClose}
      confirmLoading={isLoading}
      onOk={() => submit().catch(() => undefined)}
      unmountOnExit
    >
      <Form form={form} layout="vertical">
        <FileNameFields />
        {live && (
          <Form.Item
            label="直播流名称"
            field="liveStream"
            extra="拉流地址由直播配置的拉流域名和密钥生成"
            rules={[
              { required: true, message: '直播流名称不能为空！' },
              { match: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、下划线和短横线！' },
            ]}
          >
            <Input placeholder="例如 course_live_01" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
