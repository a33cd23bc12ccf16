import { lazy, Suspense, useMemo } from 'react';
import { Card, Grid } from '@arco-design/web-react';
import type { ExamDay, LearnDay, UserDay } from '@exam/contracts';
import { WhenNear } from '@exam/ui';
import { CHART_HEIGHT, toSeries } from '../charts/series';
import { useExamWeekQuery, useLearnWeekQuery, useUserWeekQuery } from '../watch/watchApi';

// g2plot is most of the dashboard's script (about 190 KB gzip): the counts draw first, and a chart's code loads when
// the chart comes into view (on a phone the charts are below the counts).
const Chart = lazy(() => import('../charts/Chart').then((m) => ({ default: m.Chart })));

/** A day row's counts to chart, each with its series name. */
type Fields<R> = Partial<Record<keyof R, string>>;
// A method, so RTK's query hooks (whose argument type is the call's body) fit.
type Week<R> = { useWeek(arg: object): { data?: R[] }; fields: Fields<R>; type: 'line' | 'column' };

/**
 * One weekly chart, drawn once it comes into view (WhenNear). Its own Suspense lets its call go out while g2plot's
 * code loads, rather than after it; its space is kept meanwhile.
 */
function WeekChart<R extends { dateStr: string }>({ useWeek, fields, type }: Week<R>) {
  const { data } = useWeek({});
  const series = useMemo(() => toSeries(data, fields), [data, fields]);
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} aria-busy="true" />}>
      <Chart type={type} data={series} />
    </Suspense>
  );
}

// Constants, so a chart's series are computed again only when its data change.
const USERS: Fields<UserDay> = { newUser: '新增用户', activeUser: '活跃用户', allUser: '用户总数' };
const EXAMS: Fields<ExamDay> = { examCount: '考试人次', examUser: '考试人数', passUser: '通过人数' };
const LEARN: Fields<LearnDay> = { learnUser: '学习人数', finishUser: '完成人数' };

/** The dashboard's weekly charts: users, 考试总览 and the learning overview, each from its own call. */
export function DashCharts() {
  return (
    <Grid.Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Grid.Col xs={24} lg={12}>
        <Card title="用户统计">
          <WhenNear height={CHART_HEIGHT}>
            <WeekChart<UserDay> useWeek={useUserWeekQuery} fields={USERS} type="line" />
          </WhenNear>
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} lg={12}>
        <Card title="考试总览">
          <WhenNear height={CHART_HEIGHT}>
            <WeekChart<ExamDay> useWeek={useExamWeekQuery} fields={EXAMS} type="line" />
          </WhenNear>
        </Card>
      </Grid.Col>
      <Grid.Col xs={24}>
        <Card title="学习总览">
          <WhenNear height={CHART_HEIGHT}>
            <WeekChart<LearnDay> useWeek={useLearnWeekQuery} fields={LEARN} type="column" />
          </WhenNear>
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
