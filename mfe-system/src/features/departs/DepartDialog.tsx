import { Form, Input } from '@arco-design/web-react';
import { EditDialog } from '@exam/ui';
import { useDepartSaveMutation } from './departApi';

export type DepartEdit = { id?: string; parentId: string; parentName: string; deptName?: string };

/** New or renamed department; the server generates the code (A01A02…). The tree refreshes through the tag. */
export function DepartDialog({ edit, onClose }: { edit?: DepartEdit; onClose: () => void }) {
  const [save] = useDepartSaveMutation();
  return (
    <EditDialog<{ deptName: string }>
      title={edit?.id ? '修改部门' : '新增部门'}
      visible={!!edit}
      initial={{ deptName: edit?.deptName ?? '' }}
      onSave={({ deptName }) => save({ id: edit!.id, parentId: edit!.parentId, deptName }).unwrap()}
      success="部门保存成功！"
      onClose={onClose}
    >
      <Form.Item label="上级部门">
        <Input value={edit?.parentName || '顶级部门'} disabled />
      </Form.Item>
      <Form.Item
        label="部门名称"
        field="deptName"
        rules={[{ required: true, message: '部门名称不能为空！' }, { maxLength: 64 }]}
      >
        <Input placeholder="请输入部门名称" />
      </Form.Item>
    </EditDialog>
  );
}
