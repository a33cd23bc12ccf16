import { Button, type TableColumnProps } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { TrainCalls, type MyRepoRow } from '@exam/contracts';
import { PagingTable, PriceTag, NamedProgress } from '@exam/ui';

/** My banks: price, category, count, coverage, wrong count, trainings and the latest training. */
export function MyRepoTable({ params }: { params: object }) {
  const navigate = useNavigate();
  const columns: TableColumnProps<MyRepoRow>[] = [
    {
      title: '题库名称',
      dataIndex: 'title',
      render: (t: string, r) => (
        <Button type="text" onClick={() => navigate(`/pages/repo/view/${r.id}`)}>
          {t}
        </Button>
      ),
    },
    {
      title: '价格',
      dataIndex: 'price',
      width: 120,
      render: (p: number, r) => <PriceTag price={p} points={r.points} />,
    },
    { title: '分类', dataIndex: 'catId_dictText', width: 110 },
    { title: '试题数量', dataIndex: 'quCount', width: 90 },
    {
      title: '训练覆盖',
      dataIndex: 'coverRate',
      width: 150,
      render: (p: number, r) => (
        <NamedProgress label="训练覆盖" percent={p} size="small" formatText={() => `${r.coverCount}/${r.quCount}`} />
      ),
    },
    {
      title: '错题数',
      dataIndex: 'wrongCount',
      width: 80,
      render: (n: number, r) => (
        <Button type="text" onClick={() => navigate(`/pages/book/list?refType=repo&refId=${r.id}`)}>
          {n}
        </Button>
      ),
    },
    { title: '训练次数', dataIndex: 'trainCount', width: 90 },
    {
      title: '最近训练',
      key: 'latest',
      width: 220,
      render: (_: unknown, r) =>
        r.latestTrain
          ? `${r.latestTrain.trainMode_dictText} ${r.latestTrain.percent}% ${r.latestTrain.updateTime}`
          : '-',
    },
  ];
  return (
    <PagingTable
      url={TrainCalls.minePaging.url}
      params={params}
      defaultSize={10}
      columns={columns as TableColumnProps[]}
    />
  );
}
