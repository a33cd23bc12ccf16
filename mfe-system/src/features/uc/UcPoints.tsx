import { PagingTable } from '@exam/ui';
import { UcCalls } from '@exam/contracts';
import { UcFrame } from './UcFrame';

const signed = (n: number) => (
  <span style={{ color: n >= 0 ? 'rgb(var(--green-6))' : 'rgb(var(--red-6))' }}>{n > 0 ? `+${n}` : n}</span>
);

/** 积分日志: the learner's points changes, newest first. */
export default function UcPoints() {
  return (
    <UcFrame title="积分日志">
      <PagingTable
        url={UcCalls.pointsPaging.url}
        defaultSize={10}
        columns={[
          { title: '积分变动', dataIndex: 'points', width: 120, render: signed },
          { title: '说明', dataIndex: 'remark' },
          { title: '时间', dataIndex: 'createTime', width: 180 },
        ]}
      />
    </UcFrame>
  );
}
