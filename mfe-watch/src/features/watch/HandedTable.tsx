import { useState } from 'react';
import { Checkbox, Space } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { WatchCalls } from '@exam/contracts';
import { PagingTable } from '@exam/ui';

const columns: TableColumnProps[] = [
  { title: '姓名', dataIndex: 'realName' },
  { title: '交卷时间', dataIndex: 'handTime', width: 180 },
  { title: '用时(秒)', dataIndex: 'userTime', width: 100 },
  { title: '考卷状态', dataIndex: 'exState_dictText', width: 100 },
  { title: '收卷理由', dataIndex: 'exMsg' },
  { title: '切屏次数', dataIndex: 'leaveTimes', width: 100 },
];

/** Papers of the exam already handed in, optionally only those with an exception state. */
export function HandedTable({ examId }: { examId: string }) {
  const [hasEx, setHasEx] = useState(false);
  return (
    <PagingTable
      url={WatchCalls.hand.url}
      params={{ examId, handState: 1, overwrite: 0, hasEx: hasEx || undefined }}
      columns={columns}
      toolbar={
        <Space>
          <Checkbox checked={hasEx} onChange={setHasEx}>
            只看异常
          </Checkbox>
        </Space>
      }
    />
  );
}
