import { Input, Select } from '@arco-design/web-react';
import type { Static, UserPagingParams } from '@exam/contracts';
import { DictSelect } from './DictSelect';
import { RoleSelect } from './RoleSelect';

export type UserFilterValue = Pick<Static<typeof UserPagingParams>, 'userName' | 'state' | 'roleIds' | 'userType'>;

export interface UserFiltersProps {
  value: UserFilterValue;
  onChange: (value: UserFilterValue) => void;
  /** Width of each select; the account search is a little wider. `'100%'`: each fills its cell (a phone's grid). */
  width?: number | '100%';
}

/** The user type is the type of the user's roles (server: role_type), so it has the role types' names. */
const USER_TYPES = [
  { value: 1, label: '学员' },
  { value: 2, label: '管理' },
];

/**
 * User filters of spec admin §6 (account, role, state, user type), shared by 用户管理 and 选择用户.
 * Renders its fields bare, to sit in the caller's Space beside other controls.
 */
export function UserFilters({ value, onChange, width = 140 }: UserFiltersProps) {
  const wider = (px: number) => (width === '100%' ? width : width + px);
  const set = (patch: UserFilterValue) => {
    // A cleared filter leaves the value, so it cannot hide a caller's fixed parameter of the same name.
    const next: Record<string, unknown> = { ...value, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    onChange(next as UserFilterValue);
  };
  return (
    <>
      <Input.Search
        allowClear
        placeholder="搜索账号"
        style={{ width: wider(40) }}
        onSearch={(userName) => set({ userName: userName || undefined })}
        onClear={() => set({ userName: undefined })}
      />
      <RoleSelect
        placeholder="角色"
        maxTagCount={1}
        style={{ width: wider(20) }}
        value={value.roleIds ?? []}
        onChange={(ids: string[] | undefined) => set({ roleIds: ids?.length ? ids : undefined })}
      />
      <DictSelect
        dicCode="user_state"
        placeholder="用户状态"
        style={{ width }}
        value={value.state === undefined ? undefined : String(value.state)}
        onChange={(s: string | undefined) => set({ state: s === undefined ? undefined : Number(s) })}
      />
      <Select
        allowClear
        placeholder="用户类型"
        style={{ width }}
        options={USER_TYPES}
        value={value.userType}
        onChange={(userType: number | undefined) => set({ userType })}
      />
    </>
  );
}
