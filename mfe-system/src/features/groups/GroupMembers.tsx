import { useRef, useState } from 'react';
import { Button, Input, Message, type TableColumnProps } from '@arco-design/web-react';
import { IconUserAdd } from '@arco-design/web-react/icon';
import { type BodyOf, GroupCalls, type GroupRow, type GroupUserRow, type UserRow } from '@exam/contracts';
import { PagingTable, Permission, UserPickerDialog, type PagingTableHandle } from '@exam/ui';
import { useGroupBatchJoinMutation } from './groupApi';

const columns: TableColumnProps<GroupUserRow>[] = [
  { title: '账号', dataIndex: 'userName' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '部门', dataIndex: 'deptName' },
  { title: '手机号', dataIndex: 'mobile' },
];

/** Members of one group (spec admin §2 "Group user list"): search by name or account, add, remove. */
export function GroupMembers({ group, onChanged }: { group: GroupRow; onChanged: () => void }) {
  const table = useRef<PagingTableHandle>(null);
  const [keyword, setKeyword] = useState('');
  const [picking, setPicking] = useState(false);
  const [batchJoin] = useGroupBatchJoinMutation();

  const join = async (users: UserRow[]) => {
    const body: BodyOf<typeof GroupCalls.batchJoin> = {
      userIds: users.map((u) => u.id),
      groupIds: [group.id],
      flag: 1,
    };
    await batchJoin(body).unwrap();
    Message.success('批量加入成功！');
    setPicking(false);
    table.current?.reload();
    onChanged();
  };

  return (
    <>
      <PagingTable
        ref={table}
        url={GroupCalls.userPaging.url}
        params={{ groupId: group.id, keyword: keyword || undefined }}
        defaultSize={10}
        columns={columns as TableColumnProps[]}
        toolbar={
          <>
            <Input.Search
              allowClear
              placeholder="搜索姓名或账号"
              style={{ width: 220, marginRight: 8 }}
              onSearch={setKeyword}
            />
            <Permission codes={['sys:group:user:join']}>
              <Button type="primary" icon={<IconUserAdd />} onClick={() => setPicking(true)}>
                添加成员
              </Button>
            </Permission>
          </>
        }
        actions={{ delete: { permission: 'sys:group:user:remove', url: GroupCalls.userRemove.url } }}
      />
      <UserPickerDialog
        visible={picking}
        params={{ excludeGroups: [group.id] }}
        onCancel={() => setPicking(false)}
        onOk={join}
      />
    </>
  );
}
