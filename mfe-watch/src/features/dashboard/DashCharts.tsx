import { useMemo } from 'react';
import { Card, Grid } from '@arco-design/web-react';
import { LazyChart as Chart } from '../charts/LazyChart';
import { toSeries } from '../charts/series';
import { useExamWeekQuery, useLearnWeekQuery, useUserWeekQuery } from '../watch/watchApi';

/** The dashboard's weekly charts: users, 考试总览 and the learning overview, each from its own call. */
export function DashCharts() {
  const users = useUserWeekQuery({});
  const exams = useExamWeekQuery({});
  const learn = useLearnWeekQuery({});
  const u = useMemo(() => toSeries(users.data, { newUser: '新增用户', activeUser: '活跃用户', allUser: '用户总数' }), [users.data]);
  const e = useMemo(() => toSeries(exams.data, { examCount: '考试人次', examUser: '考试人数', passUser: '通过人数' }), [exams.data]);
  const l = useMemo(() => toSeries(learn.data, { learnUser: '学习人数', finishUser: '完成人数' }), [learn.data]);
  return (
    <Grid.Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Grid.Col xs={24} lg={12}><Card title="用户统计"><Chart type="line" data={u} /></Card></Grid.Col>
      <Grid.Col xs={24} lg={12}><Card title="考试总览"><Chart type="line" data={e} /></Card></Grid.Col>
      <Grid.Col xs={24}><Card title="学习总览"><Chart type="column" data={l} /></Card></Grid.Col>
    </Grid.Row>
  );
}
