import { useState } from 'react';
import { Button, Card, Input, Space } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { OrderItemType, TrainCalls, type OpenRepoRow } from '@exam/contracts';
import { DictTreeSelect, PagedCardGrid, PayReturn, TabBar, TabPanel } from '@exam/ui';
import { MyRepoTable } from './MyRepoTable';
import { OpenRepoCard } from './OpenRepoCard';

const TABS = [
  { key: 'mine', title: '我的题库' },
  { key: 'open', title: '题库中心' },
];

/** Learner bank practice (route /pages/repo): my banks and the open banks (two cards per line). */
export default function MyRepoList() {
  const navigate = useNavigate();
  const [tab, setTab] = useState('mine');
  const [filter, setFilter] = useState<{ title?: string; catId?: string }>({});
  const filters = (
    <Space>
      {/* A catalogue takes its sub-catalogues along (the server filters by the subtree). */}
      <DictTreeSelect
        dicCode="repo_catalog"
        placeholder="题库分类"
        style={{ width: 180 }}
        onChange={(catId?: string) => setFilter((f) => ({ ...f, catId: catId || undefined }))}
      />
      <Input.Search
        allowClear
        placeholder="搜索题库"
        style={{ width: 220 }}
        onSearch={(title) => setFilter((f) => ({ ...f, title: title || undefined }))}
      />
      <Button onClick={() => navigate('/pages/train/record')}>训练记录</Button>
      <Button onClick={() => navigate('/pages/book/list')}>错题本</Button>
    </Space>
  );
  return (
    <Card title="题库训练" bordered={false} extra={filters}>
      <TabBar tabs={TABS} active={tab} onChange={setTab} />
      {/* Back from a provider's cashier: paid, the bank center is drawn anew and shows the bank joined. */}
      <PayReturn itemType={OrderItemType.REPO} onPaid={() => setTab('open')} />
      {/* Drawn anew: a bank joined in 题库中心 is then in the list. */}
      <TabPanel active={tab === 'mine'} destroyOnHide>
        <MyRepoTable params={filter} />
      </TabPanel>
      <TabPanel active={tab === 'open'} destroyOnHide>
        <PagedCardGrid<OpenRepoRow>
          url={TrainCalls.openPaging.url}
          params={{ ...filter, forTrain: true }}
          size={10}
          perRow={2}
          rowKey="id"
          renderCard={(repo) => <OpenRepoCard repo={repo} onOpen={() => navigate(`/pages/repo/view/${repo.id}`)} />}
        />
      </TabPanel>
    </Card>
  );
}
