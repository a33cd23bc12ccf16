import { useState } from 'react';
import { Card, Input, Space, Typography } from '@arco-design/web-react';
import { PagedCardGrid, PriceTag } from '@exam/ui';
import type { RepoRow } from '@exam/contracts';

const RepoCard = ({ repo }: { repo: RepoRow }) => (
  <Card hoverable title={repo.title} extra={<PriceTag price={repo.price} />}>
    <Space direction="vertical" size={4}>
      <Typography.Text type="secondary">分类：{repo.catId_dictText || '-'}</Typography.Text>
      <Typography.Text type="secondary">试题数量：{repo.quCount}</Typography.Text>
    </Space>
  </Card>
);

/** Learner question-bank practice (route /pages/repo): open banks, two cards per line. */
export default function MyRepoList() {
  const [title, setTitle] = useState('');
  return (
    <Card
      title="题库练习"
      bordered={false}
      extra={<Input.Search allowClear placeholder="搜索题库" style={{ width: 220 }} onSearch={setTitle} />}
    >
      <PagedCardGrid<RepoRow>
        url="/api/client/repo/open-paging"
        params={{ title: title || undefined }}
        size={10}
        perRow={2}
        rowKey="id"
        renderCard={(repo) => <RepoCard repo={repo} />}
      />
    </Card>
  );
}
