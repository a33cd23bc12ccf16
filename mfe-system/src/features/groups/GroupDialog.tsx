import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { GroupRow } from '@exam/contracts';

/** New group (group = null) or renaming one. */
export function GroupDialog({ group, onClose, onSaved }: { group: GroupRow | null | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (group !== undefined) form.setFieldsValue({ groupName: group?.groupName ?? '' });
  }, [group, form]);

  const save = async () => {
    const { groupName } = await form.validate();
    setBusy(true);
    try {
      await post('/api/sys/group/save', { id: group?.id, groupName });
      Message.success('保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={group ? '修改用户组' : '新增用户组'} visible={group !== undefined} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="名称" field="groupName" rules={[{ required: true, message: '用户组名称不能为空！' }, { maxLength: 64 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
