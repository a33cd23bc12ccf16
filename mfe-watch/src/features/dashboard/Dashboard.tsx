import { lazy, useEffect } from 'react';
import { Card, Empty, Grid, Spin } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { pathOfName } from '@exam/shell/routes';
import { contentShown, selectRoutes, selectSite, useAppSelector } from '@exam/store';
import { Stat, WhenNear } from '@exam/ui';
import { DashCharts } from './DashCharts';
import { QuickEntries } from './QuickEntries';
import { useDashTotalsQuery, useSysVersionQuery } from '../watch/watchApi';
import { visibleCards } from './totalCards';

// Below the charts: its tables (and their pagination's select) load when scrolled to.
const DashLists = lazy(() => import('./DashLists').then((m) => ({ default: m.DashLists })));
/** About the lists' height (a card header and five rows), kept while they load. */
const LISTS_HEIGHT = 340;

/** Admin home: total cards for enabled modules with data (spec admin §2 "Dashboard"). */
export default function Dashboard() {
  // Counted afresh on each visit to the home page.
  const { currentData: totals, isError } = useDashTotalsQuery({}, { refetchOnMountOrArgChange: true });
  const version = useSysVersionQuery({}).data?.version ?? '';
  const site = useAppSelector(selectSite);
  const routes = useAppSelector(selectRoutes);
  const navigate = useNavigate();
  useEffect(() => {
    if (totals || isError) contentShown();
  }, [totals, isError]);

  if (isError) return <Empty description="统计数据加载失败" />;
  if (!totals) return <Spin dot style={{ display: 'block', padding: 48, textAlign: 'center' }} />;
  return (
    <>
      <QuickEntries />
      <Grid.Row gutter={[16, 16]}>
        {visibleCards(totals, site?.props).map((card) => {
          const path = pathOfName(routes, card.route);
          return (
            <Grid.Col key={card.key} xs={12} md={8} lg={6}>
              <Card
                hoverable={!!path}
                onClick={() => path && navigate(path)}
                style={{ cursor: path ? 'pointer' : 'default' }}
              >
                <Stat title={card.title} value={totals[card.key]} groupSeparator countUp />
              </Card>
            </Grid.Col>
          );
        })}
        {version && (
          <Grid.Col xs={12} md={8} lg={6}>
            <Card>
              <Stat title="系统版本" value={`v${version}`} />
            </Card>
          </Grid.Col>
        )}
      </Grid.Row>
      <DashCharts />
      <WhenNear height={LISTS_HEIGHT}>
        <DashLists />
      </WhenNear>
    </>
  );
}
