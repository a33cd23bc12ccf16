import { Form, Input } from '@arco-design/web-react';
import { DictSelect } from '@exam/ui';

/** A courseware's name and category (fields title, catId), as the upload and the edit dialogs ask for them. */
export function FileNameFields() {
  return (
    <>
      <Form.Item
        label="课件名称"
        field="title"
        rules={[{ required: true, message: '课件名称不能为空！' }, { maxLength: 200 }]}
      >
        <Input placeholder="请输入课件名称" />
      </Form.Item>
      <Form.Item label="分类" field="catId">
        <DictSelect dicCode="course_catalog" allowClear />
      </Form.Item>
    </>
  );
}
