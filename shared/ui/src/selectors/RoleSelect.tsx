import { useEffect, useState } from 'react';
import { Select, type SelectProps } from '@arco-design/web-react';
import { post } from '@exam/api';
import { roleLabel, type RoleRow } from '@exam/contracts';

export type RoleSelectProps = Omit<SelectProps, 'options'>;

/** Chooses roles (multiple by default); each shown as name plus level in brackets (spec admin §3). */
export function RoleSelect({ mode = 'multiple', placeholder = '请选择角色', ...rest }: RoleSelectProps) {
  const [roles, setRoles] = useState<RoleRow[]>([]);
  useEffect(() => {
    post<RoleRow[]>('/api/sys/role/list', {}).then(setRoles, () => undefined);
  }, []);
  return <Select mode={mode} allowClear placeholder={placeholder} {...rest} options={roles.map((r) => ({ value: r.id, label: roleLabel(r) }))} />;
}
