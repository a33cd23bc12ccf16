import { FitTable } from '../paging/FitTable';
import { useState } from 'react';
import { Grid, Message, Modal, Space, type TableColumnProps } from '@arco-design/web-react';
import { UserCalls, type UserPagingParams, type UserRow, UserState, type Static } from '@exam/contracts';
import { Permission } from '../Permission';
import { usePagingQuery } from '../paging/usePagingQuery';
import { DeptTree } from '../selectors/DeptTree';
import { CourseSelect, GroupSelect } from '../selectors/EntitySelect';
import { UserFilters, type UserFilterValue } from '../selectors/UserFilters';

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

/**
 * 选择用户 (spec admin §2, §6): department tree left, user table right filtered by account, role, state and user type,
 * and by the group and course multi-selectors (members of the groups, learners of the courses); 10 a page; picks survive paging.
 */
export function UserPickerDialog({ visible, onCancel, onOk, params, title = '选择用户' }: UserPickerDialogProps) {
  const [deptCode, setDeptCode] = useState('');
  const [filters, setFilters] = useState<UserFilterValue>({ state: params?.state ?? UserState.NORMAL });
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [picked, setPicked] = useState<Map<string, UserRow>>(new Map());
  const [busy, setBusy] = useState(false);
  const query: Static<typeof UserPagingParams> = {
    ...params,
    ...filters,
    deptCode: deptCode || undefined,
    groupIds: some(groupIds),
    courseIds: some(courseIds),
  };
  const page = usePagingQuery<UserRow>(UserCalls.paging.url, query, 10, visible);

  const close = () => {
    setPicked(new Map());
    onCancel();
  };
  const confirm = async () => {
    if (picked.size === 0) return void Message.warning('请至少勾选一个用户！');
    setBusy(true);
    try {
      await onOk([...picked.values()]);
      setPicked(new Map());
    } finally {
      setBusy(false);
    }
  };
  const onSelect = (keys: (string | number)[]) => {
    // Keys cover every page; rows only this one, so earlier pages' rows are kept from the map.
    const next = new Map<string, UserRow>();
    for (const k of keys) {
      const row = picked.get(String(k)) ?? page.records.find((r) => r.id === k);
      if (row) next.set(String(k), row);
    }
    setPicked(next);
  };

  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={close}
      onOk={confirm}
      confirmLoading={busy}
      style={{ width: 900 }}
      unmountOnExit
    >
      <Grid.Row gutter={16}>
        <Grid.Col span={7} style={{ maxHeight: 480, overflow: 'auto' }}>
          <DeptTree value={deptCode} onChange={setDeptCode} />
        </Grid.Col>
        <Grid.Col span={17}>
          <Space wrap size={8} style={{ marginBottom: 12 }}>
            <UserFilters value={filters} onChange={setFilters} width={110} />
            <Permission codes={['sys:group:list']}>
              <GroupSelect
                aria-label="按用户组筛选"
                placeholder="用户组"
                maxTagCount={1}
                style={{ width: 190 }}
                value={groupIds}
                onChange={(v?: string[]) => setGroupIds(v ?? [])}
              />
            </Permission>
            <Permission codes={['course:list']}>
              <CourseSelect
                aria-label="按课程学员筛选"
                placeholder="课程学员"
                maxTagCount={1}
                style={{ width: 190 }}
                value={courseIds}
                onChange={(v?: string[]) => setCourseIds(v ?? [])}
              />
            </Permission>
          </Space>
          <FitTable
            rowKey="id"
            size="small"
            columns={columns}
            data={page.records}
            loading={page.loading}
            rowSelection={{
              type: 'checkbox',
              selectedRowKeys: [...picked.keys()],
              onChange: onSelect,
              preserveSelectedRowKeys: true,
            }}
            pagination={{
              current: page.query.current,
              pageSize: page.query.size,
              total: page.total,
              showTotal: true,
              onChange: (current) => page.setQuery({ ...page.query, current }),
            }}
          />
        </Grid.Col>
      </Grid.Row>
    </Modal>
  );
}
