import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import { BattleCalls, BattlePerm, type BattleQuStat } from '@exam/contracts';
import { useParams } from '@exam/router';
import { skipToken } from '@exam/store';
import { PageContainer, PagedCardGrid, TabBar, TabPanel, useCan } from '@exam/ui';
import { useBattleDetailQuery } from './battleApi';
import { QuStatCard } from './QuStatCard';
import { RankTable, RoundTable } from './ResultTables';

const TABS = [
  { key: 'rounds', title: '场次记录' },
  { key: 'rank', title: '排行榜' },
  { key: 'qu', title: '答题分布' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** A battle's results (hidden route BattleResult, result/:battleId): rounds, leaderboard, answers per question. */
export default function BattleResult() {
  const { battleId = '' } = useParams();
  const [tab, setTab] = useState<Tab>('rounds');
  const can = useCan();
  // The title for whoever may read the battle itself; the results stand without it.
  const detail = useBattleDetailQuery(can(BattlePerm.LIST) && battleId ? { id: battleId } : skipToken);
  const title = detail.currentData?.title;
  const exportRank = () =>
    void download(BattleCalls.export.url, { battleId }, `${title ?? '竞赛'}-排行榜.xlsx`).catch(() => undefined);
  return (
    <PageContainer
      title={title ? `竞赛结果：${title}` : '竞赛结果'}
      extra={
        can(BattlePerm.EXPORT) && (
          <Button icon={<IconDownload />} onClick={exportRank}>
            导出排行榜
          </Button>
        )
      }
    >
      <TabBar tabs={TABS} active={tab} onChange={setTab} />
      <TabPanel active={tab === 'rounds'}>
        <RoundTable battleId={battleId} />
      </TabPanel>
      <TabPanel active={tab === 'rank'} destroyOnHide>
        <RankTable battleId={battleId} />
      </TabPanel>
      <TabPanel active={tab === 'qu'} destroyOnHide>
        <PagedCardGrid<BattleQuStat>
          url={BattleCalls.quStat.url}
          params={{ battleId }}
          size={10}
          perRow={2}
          rowKey="quId"
          renderCard={(qu) => <QuStatCard qu={qu} />}
        />
      </TabPanel>
    </PageContainer>
  );
}
