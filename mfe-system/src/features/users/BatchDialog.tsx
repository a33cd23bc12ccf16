import { useState } from 'react';
import { DatePicker, Form, Input, Message, Modal } from '@arco-design/web-react';
import { post } from '@exam/api';
import { GroupCalls } from '@exam/contracts';
import { DeptTreeSelect, GroupSelect, RoleSelect } from '@exam/ui';
import { arcoRule, checkDeptCode, checkPassword } from '@exam/validators';

export type BatchKind = 'dept' | 'role' | 'expire' | 'pass' | 'group';

const KINDS: Record<BatchKind, { title: string; url: string; field: string; label: string }> = {
  dept: { title: '批量修改部门', url: '/api/sys/user/batch-dept', field: 'deptCode', label: '部门' },
  role: { title: '批量修改角色', url: '/api/sys/user/batch-role', field: 'roles', label: '角色' },
  expire: { title: '批量设置过期时间', url: '/api/sys/user/batch-expire', field: 'expireTime', label: '过期时间' },
  pass: { title: '重置密码', url: '/api/sys/user/reset-pass', field: 'password', label: '新密码' },
  group: { title: '加入用户组', url: GroupCalls.batchJoin.url, field: 'groupIds', label: '用户组' },
};

const rolesRule = (v: unknown, cb: (e?: string) => void) => cb(Array.isArray(v) && v.length ? undefined : '必须选择一个角色！');
const groupsRule = (v: unknown, cb: (e?: string) => void) => cb(Array.isArray(v) && v.length ? undefined : '请至少选择一个用户组！');

/** One dialog for the bulk actions on selected users: department, roles, expiry, password reset. */
export function BatchDialog({ kind, ids, onClose, onDone }: { kind?: BatchKind; ids: (string | number)[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const k = kind ? KINDS[kind] : undefined;

  const submit = async () => {
    if (!k) return;
    const values = await form.validate();
    setBusy(true);
    try {
      // Joining groups is the group call's body (userIds, groupIds, flag 1), not the users' bulk shape.
      if (kind === 'group') await post(k.url, { userIds: ids, groupIds: values.groupIds, flag: 1 });
      else await post(k.url, { ids, [k.field]: values[k.field] ?? '' });
      Message.success(kind === 'group' ? '批量加入成功！' : '操作成功！');
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const control = {
    dept: <DeptTreeSelect />,
    role: <RoleSelect />,
    expire: <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />,
    pass: <Input.Password autoComplete="new-password" />,
    group: <GroupSelect />,
  };
  const rules = { dept: [{ validator: arcoRule(checkDeptCode) }], role: [{ validator: rolesRule }], expire: [], pass: [{ validator: arcoRule(checkPassword) }], group: [{ validator: groupsRule }] };

  return (
    <Modal title={k?.title} visible={!!k} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      {kind && k && (
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
          <div style={{ marginBottom: 12, color: 'var(--color-text-3)' }}>已选择 {ids.length} 个用户{kind === 'expire' ? '，留空为永不过期' : ''}</div>
          <Form.Item label={k.label} field={k.field} required={kind !== 'expire'} rules={rules[kind]}>
            {control[kind]}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
