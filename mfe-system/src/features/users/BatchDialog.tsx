import { useState } from 'react';
import { DatePicker, Form, Input, Message, Modal } from '@arco-design/web-react';
import { DeptTreeSelect, GroupSelect, RoleSelect, validateForm, DAY_END_TIME } from '@exam/ui';
import { arcoRule, checkDeptCode, checkPassword } from '@exam/validators';
import { useGroupBatchJoinMutation } from '../groups/groupApi';
import {
  useUserBatchDeptMutation,
  useUserBatchExpireMutation,
  useUserBatchRoleMutation,
  useUserResetPassMutation,
} from './userApi';

export type BatchKind = 'dept' | 'role' | 'expire' | 'pass' | 'group';

const KINDS: Record<BatchKind, { title: string; field: string; label: string }> = {
  dept: { title: '批量修改部门', field: 'deptCode', label: '部门' },
  role: { title: '批量修改角色', field: 'roles', label: '角色' },
  expire: { title: '批量设置过期时间', field: 'expireTime', label: '过期时间' },
  pass: { title: '重置密码', field: 'password', label: '新密码' },
  group: { title: '加入用户组', field: 'groupIds', label: '用户组' },
};

type Values = { deptCode?: string; roles?: string[]; expireTime?: string; password?: string; groupIds?: string[] };

/** Each kind's call, one mutation each; a field left empty is sent as '' (expiry: never). */
function useBatchSend(): (kind: BatchKind, ids: string[], v: Values) => Promise<unknown> {
  const [dept] = useUserBatchDeptMutation();
  const [role] = useUserBatchRoleMutation();
  const [expire] = useUserBatchExpireMutation();
  const [pass] = useUserResetPassMutation();
  const [join] = useGroupBatchJoinMutation();
  return (kind, ids, v) => {
    switch (kind) {
      case 'dept':
        return dept({ ids, deptCode: v.deptCode ?? '' }).unwrap();
      case 'role':
        return role({ ids, roles: v.roles ?? [] }).unwrap();
      case 'expire':
        return expire({ ids, expireTime: v.expireTime ?? '' }).unwrap();
      case 'pass':
        return pass({ ids, password: v.password ?? '' }).unwrap();
      // Joining groups is the group call's body (userIds, groupIds, flag 1), not the users' bulk shape.
      case 'group':
        return join({ userIds: ids, groupIds: v.groupIds ?? [], flag: 1 }).unwrap();
    }
  };
}

const rolesRule = (v: unknown, cb: (e?: string) => void) =>
  cb(Array.isArray(v) && v.length ? undefined : '必须选择一个角色！');
const groupsRule = (v: unknown, cb: (e?: string) => void) =>
  cb(Array.isArray(v) && v.length ? undefined : '请至少选择一个用户组！');

/** One dialog for the bulk actions on selected users: department, roles, expiry, password reset. */
export function BatchDialog({
  kind,
  ids,
  onClose,
  onDone,
}: {
  kind?: BatchKind;
  ids: (string | number)[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const send = useBatchSend();
  const k = kind ? KINDS[kind] : undefined;

  const submit = async () => {
    if (!kind) return;
    const values = await validateForm(form);
    setBusy(true);
    try {
      await send(kind, ids.map(String), values);
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
    expire: <DatePicker showTime={DAY_END_TIME} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />,
    pass: <Input.Password autoComplete="new-password" />,
    group: <GroupSelect />,
  };
  const rules = {
    dept: [{ validator: arcoRule(checkDeptCode) }],
    role: [{ validator: rolesRule }],
    expire: [],
    pass: [{ validator: arcoRule(checkPassword) }],
    group: [{ validator: groupsRule }],
  };

  return (
    <Modal
      title={k?.title}
      visible={!!k}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      unmountOnExit
    >
      {kind && k && (
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
          <div style={{ marginBottom: 12, color: 'var(--color-text-3)' }}>
            已选择 {ids.length} 个用户{kind === 'expire' ? '，留空为永不过期' : ''}
          </div>
          <Form.Item label={k.label} field={k.field} required={kind !== 'expire'} rules={rules[kind]}>
            {control[kind]}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
