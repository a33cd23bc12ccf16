import { Select, type SelectProps } from '@arco-design/web-react';
import { roleLabel } from '@exam/contracts';
import { useSelectorRoleListQuery } from './selectorApi';

export type RoleSelectProps = Omit<SelectProps, 'options'>;

/** Chooses roles (multiple by default); each shown as name plus level in brackets (spec admin §3). */
export function RoleSelect({ mode = 'multiple', placeholder = '请选择角色', ...rest }: RoleSelectProps) {
  const { data: roles = [] } = useSelectorRoleListQuery({});
  return (
    <Select
      mode={mode}
      allowClear
      placeholder={placeholder}
      {...rest}
      options={roles.map((r) => ({ value: r.id, label: roleLabel(r) }))}
    />
  );
}
