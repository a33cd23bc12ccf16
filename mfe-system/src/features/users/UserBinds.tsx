import { useRef, useState } from 'react';
import { Button, Input, Message, Space, type TableColumnProps } from '@arco-design/web-react';
import { type BindRow, UserCalls } from '@exam/contracts';
import { confirmAction, PagingTable, Permission, type PagingTableHandle } from '@exam/ui';
import { checkMobile } from '@exam/validators';
import { bindInfo } from '../uc/bindInfo';
import { useUserDirectBindMutation, useUserDirectUnbindMutation, useUserUnbindByIdMutation } from './userApi';

/** 账号绑定 tab: the user's bindings; unbinding leaves rebinding to the user (spec admin §6); a mobile can also be unbound directly. */
export function UserBinds({ userId }: { userId: string }) {
  const table = useRef<PagingTableHandle>(null);
  const [mobile, setMobile] = useState('');
  const [unbindById] = useUserUnbindByIdMutation();
  const [directUnbind] = useUserDirectUnbindMutation();
  const [directBind] = useUserDirectBindMutation();

  const unbind = async (row: BindRow) => {
    if (!(await confirmAction({ content: '解绑后，只能由用户重新绑定，确定要解绑吗?' }))) return;
    await unbindById({ id: row.id }).unwrap();
    Message.success('解绑成功!');
    table.current?.reload();
  };
  const unbindMobile = async (row: BindRow) => {
    if (!(await confirmAction({ content: '确实要解除用户的手机绑定?' }))) return;
    await directUnbind({ mobile: row.openId, userId }).unwrap();
    Message.success('手机号解绑成功！');
    table.current?.reload();
  };
  const bind = async () => {
    const err = checkMobile(mobile);
    if (err) return void Message.warning(err);
    await directBind({ mobile, userId }).unwrap();
    Message.success('绑定成功!');
    setMobile('');
    table.current?.reload();
  };

  const columns: TableColumnProps<BindRow>[] = [
    { title: '绑定方式', dataIndex: 'loginType_dictText' },
    { title: '第三方信息', dataIndex: 'openId', render: (_: unknown, row) => bindInfo(row) },
    { title: '绑定时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_: unknown, row) => (
        <Permission codes={['sys:user:update']}>
          {row.loginType === 'mobile' && (
            <Button
              type="text"
              size="small"
              status="danger"
              onClick={() => void unbindMobile(row).catch(() => undefined)}
            >
              解绑手机
            </Button>
          )}
          <Button type="text" size="small" status="danger" onClick={() => void unbind(row).catch(() => undefined)}>
            解绑
          </Button>
        </Permission>
      ),
    },
  ];
  return (
    <div>
      <Permission codes={['sys:user:update']}>
        <Space style={{ marginBottom: 12 }}>
          <Input placeholder="手机号" value={mobile} onChange={setMobile} style={{ width: 200 }} />
          <Button type="primary" onClick={() => void bind().catch(() => undefined)}>
            绑定手机
          </Button>
        </Space>
      </Permission>
      <PagingTable
        ref={table}
        url={UserCalls.bindPaging.url}
        params={{ userId }}
        defaultSize={10}
        columns={columns as TableColumnProps[]}
      />
    </div>
  );
}
