import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Message, Modal, Radio } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { RoleRow } from '@exam/contracts';

/** New role (role = null) or an existing one. */
export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (role === undefined) return;
    form.resetFields();
    form.setFieldsValue(role ?? { roleType: 2, roleLevel: 1, remark: '' });
  }, [role, form]);

  const save = async () => {
    const values = await form.validate();
    setBusy(true);
    try {
      await post('/api/sys/role/save', { ...values, id: role?.id });
      Message.success('角色保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={role ? '修改角色' : '新增角色'} visible={role !== undefined} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="角色名称" field="roleName" rules={[{ required: true, message: '角色名称不能为空！' }, { maxLength: 64 }]}>
          <Input placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item label="角色类型" field="roleType" extra="管理类角色可进入管理后台">
          <Radio.Group options={[{ value: 1, label: '学员' }, { value: 2, label: '管理' }]} />
        </Form.Item>
        <Form.Item label="角色级别" field="roleLevel" extra="只能给用户分配不高于自己级别的角色">
          <InputNumber min={0} max={99} />
        </Form.Item>
        <Form.Item label="备注" field="remark" rules={[{ maxLength: 200 }]}>
          <Input.TextArea />
        </Form.Item>
      </Form>
    </Modal>
  );
}
