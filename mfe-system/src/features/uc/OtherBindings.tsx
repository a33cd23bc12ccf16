import { Button, Message } from '@arco-design/web-react';
import type { BindRow } from '@exam/contracts';
import { confirmAction, FitTable } from '@exam/ui';
import { bindInfo } from './bindInfo';
import { useUcUnbindMutation } from './ucApi';

/** Third-party bindings (WeChat, enterprise WeChat, DingTalk): method, account, bind time, unbind (the list refreshes by its tag). */
export function OtherBindings({ rows }: { rows: BindRow[] }) {
  const [send] = useUcUnbindMutation();
  const unbind = async (row: BindRow) => {
    if (!(await confirmAction({ content: `确定要解除${row.loginType_dictText}绑定吗？` }))) return;
    await send({ id: row.id }).unwrap();
    Message.success('解绑成功!');
  };
  return (
    <FitTable
      rowKey="id"
      data={rows}
      pagination={false}
      noDataElement="暂无第三方账号绑定"
      columns={[
        { title: '绑定方式', dataIndex: 'loginType_dictText' },
        { title: '第三方信息', dataIndex: 'openId', render: (_: unknown, row: BindRow) => bindInfo(row) },
        { title: '绑定时间', dataIndex: 'createTime' },
        {
          title: '操作',
          render: (_: unknown, row: BindRow) => (
            <Button type="text" status="danger" onClick={() => unbind(row)}>
              解绑
            </Button>
          ),
        },
      ]}
    />
  );
}
