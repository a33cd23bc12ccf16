import { Form, Input, InputNumber, Radio } from '@arco-design/web-react';
import type { BodyOf, RoleCalls, RoleRow } from '@exam/contracts';
import { EditDialog } from '@exam/ui';
import { useRoleSaveMutation } from './roleApi';

type Values = Omit<BodyOf<typeof RoleCalls.save>, 'id'>;
/** roleType 1 learner, 2 admin (may enter the admin shell). */
const NEW_ROLE: Partial<Values> = { roleType: 2, roleLevel: 1, remark: '' };

/** New role (role = null) or an existing one; the role lists refresh through the tag. */
export function RoleDialog({ role, onClose }: { role: RoleRow | null | undefined; onClose: () => void }) {
  const [save] = useRoleSaveMutation();
  return (
    <EditDialog<Values>
      title={role ? '修改角色' : '新增角色'}
      visible={role !== undefined}
      initial={role ?? NEW_ROLE}
      onSave={(v) => save({ ...v, id: role?.id }).unwrap()}
      success="角色保存成功！"
      onClose={onClose}
    >
      <Form.Item
        label="角色名称"
        field="roleName"
        rules={[{ required: true, message: '角色名称不能为空！' }, { maxLength: 64 }]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item label="角色类型" field="roleType" extra="管理类角色可进入管理后台">
        <Radio.Group
          options={[
            { value: 1, label: '学员' },
            { value: 2, label: '管理' },
          ]}
        />
      </Form.Item>
      <Form.Item label="角色级别" field="roleLevel" extra="只能给用户分配不高于自己级别的角色">
        <InputNumber min={0} max={99} />
      </Form.Item>
      <Form.Item label="备注" field="remark" rules={[{ maxLength: 200 }]}>
        <Input.TextArea />
      </Form.Item>
    </EditDialog>
  );
}
