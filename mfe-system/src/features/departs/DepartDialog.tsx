import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { post } from '@exam/api';

export type DepartEdit = { id?: string; parentId: string; parentName: string; deptName?: string };

/** New or renamed department; the server generates the code (A01A02…). */
export function DepartDialog({ edit, onClose, onSaved }: { edit?: DepartEdit; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (edit) form.setFieldsValue({ deptName: edit.deptName ?? '' });
  }, [edit, form]);

  const save = async () => {
    const { deptName } = await form.validate();
    setBusy(true);
    try {
      await post('/api/sys/depart/save', { id: edit!.id, parentId: edit!.parentId, deptName });
      Message.success('部门保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={edit?.id ? '修改部门' : '新增部门'} visible={!!edit} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="上级部门">
          <Input value={edit?.parentName || '顶级部门'} disabled />
        </Form.Item>
        <Form.Item label="部门名称" field="deptName" rules={[{ required: true, message: '部门名称不能为空！' }, { maxLength: 64 }]}>
          <Input placeholder="请输入部门名称" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
