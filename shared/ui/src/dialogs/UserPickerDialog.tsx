import { useState } from 'react';
import { Grid, Message, Modal, Space, type TableColumnProps } from '@arco-design/web-react';
import { UserCalls, type UserPagingParams, type UserRow, UserState, type Static } from '@exam/contracts';
import { Permission } from '../Permission';
import { useIsMobile } from '../responsive';
import { DeptTree } from '../selectors/DeptTree';
import { DeptTreeSelect } from '../selectors/DeptTreeSelect';
import { CourseSelect, GroupSelect } from '../selectors/EntitySelect';
import { UserFilters, type UserFilterValue } from '../selectors/UserFilters';
import { PickTable, usePicks } from './PickTable';

export interface UserPickerDialogProps {
  visible: boolean;
  onCancel: () => void;
  /** Receives the chosen users (at least one). */
  onOk: (users: UserRow[]) => void | Promise<void>;
  /** Fixed filters, e.g. `{ excludeGroups: [groupId] }`; state defaults to 0 (正常). */
  params?: Static<typeof UserPagingParams>;
  title?: string;
}

const columns: TableColumnProps<UserRow>[] = [
  { title: '账号', dataIndex: 'userName' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '部门', dataIndex: 'deptCode_dictText' },
];

const some = (ids?: string[]) => (ids?.length ? ids : undefined);

/** Members of any chosen group, learners of any chosen course: each filter shown to the holders of its list. */
const MEMBER_FILTERS = [
  { key: 'groupIds', Select: GroupSelect, permission: 'sys:group:list', label: '按用户组筛选', placeholder: '用户组' },
  {
    key: 'courseIds',
    Select: CourseSelect,
    permission: 'course:list',
    label: '按课程学员筛选',
    placeholder: '课程学员',
  },
] as const;
type Members = { groupIds?: string[]; courseIds?: string[] };

/** A phone's filters: two to a row, each filling its cell (a tree column beside them left the names a glyph wide). */
const PHONE_FILTERS = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: 8,
  marginBottom: 12,
} as const;

/**
 * 选择用户 (spec admin §2, §6): department tree left, user table right filtered by account, role, state and user type,
 * and by the group and course multi-selectors (members of the groups, learners of the courses); 10 a page; picks survive paging.
 * On a phone the department is a drop-down tree above the filters, and the users are cards.
 */
export function UserPickerDialog({ visible, onCancel, onOk, params, title = '选择用户' }: UserPickerDialogProps) {
  const [deptCode, setDeptCode] = useState('');
  const [filters, setFilters] = useState<UserFilterValue>({ state: params?.state ?? UserState.NORMAL });
  const [members, setMembers] = useState<Members>({});
  const picks = usePicks<UserRow>();
  const query: Static<typeof UserPagingParams> = {
    ...params,
    ...filters,
    deptCode: deptCode || undefined,
    groupIds: some(members.groupIds),
    courseIds: some(members.courseIds),
  };

  const close = () => {
    picks.clear();
    onCancel();
  };
  const confirm = async () => {
    if (!picks.list.length) return void Message.warning('请至少勾选一个用户！');
    await onOk(picks.list);
    picks.clear();
  };

  const mobile = useIsMobile();
  const memberFilters = MEMBER_FILTERS.map(({ key, Select, permission, label, placeholder }) => (
    <Permission key={key} codes={[permission]}>
      <Select
        aria-label={label}
        placeholder={placeholder}
        maxTagCount={1}
        style={{ width: mobile ? '100%' : 190 }}
        value={members[key] ?? []}
        onChange={(v?: string[]) => setMembers((m) => ({ ...m, [key]: v ?? [] }))}
      />
    </Permission>
  ));
  const table = <PickTable url={UserCalls.paging.url} params={query} columns={columns} picks={picks} />;

  return (
    <Modal title={title} visible={visible} onCancel={close} onOk={confirm} style={{ width: 900 }} unmountOnExit>
      {mobile ? (
        <>
          <div style={PHONE_FILTERS}>
            <DeptTreeSelect
              aria-label="按部门筛选"
              placeholder="全部部门"
              style={{ gridColumn: '1 / -1' }}
              value={deptCode || undefined}
              onChange={(v?: string) => setDeptCode(v ?? '')}
            />
            <UserFilters value={filters} onChange={setFilters} width="100%" />
            {memberFilters}
          </div>
          {table}
        </>
      ) : (
        <Grid.Row gutter={16}>
          <Grid.Col span={7} style={{ maxHeight: 480, overflow: 'auto' }}>
            <DeptTree value={deptCode} onChange={setDeptCode} />
          </Grid.Col>
          <Grid.Col span={17}>
            <Space wrap size={8} style={{ marginBottom: 12 }}>
              <UserFilters value={filters} onChange={setFilters} width={110} />
              {memberFilters}
            </Space>
            {table}
          </Grid.Col>
        </Grid.Row>
      )}
    </Modal>
  );
}
