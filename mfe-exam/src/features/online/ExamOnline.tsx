import { useState } from 'react';
import { Card, Input, Space } from '@arco-design/web-react';
import { ClientExamCalls, EXAM_FLAGS, type MyExamItem, type OpenExamItem, OrderItemType } from '@exam/contracts';
import { LazyRangePicker, PagedCardGrid, PayReturn, TabBar, TabPanel, DAY_RANGE_TIMES } from '@exam/ui';
import { EXAM_CARDS_PER_PAGE, FIRST_FLAG } from '../../firstCalls';
import { MyExamCard, OpenExamCard } from './ExamCards';

const FLAG_TAB_TITLES: Record<string, string> = {
  ALL: '全部',
  READY_START: '待开始',
  PROCESSING: '考试中',
  WAIT_REVIEW: '待阅卷',
  IN_REVIEW: '阅卷中',
  FINISHED: '已出分',
};
const FLAG_TABS = EXAM_FLAGS.map((f) => ({ key: f as string, title: FLAG_TAB_TITLES[f] }));
const TABS = [
  { key: 'mine', title: '我的考试' },
  { key: 'open', title: '公开考试' },
];

/** Learner exams (route /pages/exam, ExamOnline): 我的考试 with flag tabs, and 公开考试. */
export default function ExamOnline() {
  const [tab, setTab] = useState('mine');
  const [flag, setFlag] = useState<string>(FIRST_FLAG);
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<string[]>([]);
  const filters = { title: title || undefined, dateRange: range.length === 2 ? range : undefined };
  return (
    <Card bordered={false} style={{ margin: 16 }}>
      {/* Above the tabs and wrapping, so a phone keeps both filters and the tab titles in view. */}
      <Space wrap style={{ marginBottom: 4 }}>
        <LazyRangePicker
          style={{ width: 340, maxWidth: '100%' }}
          showTime={DAY_RANGE_TIMES}
          onChange={(v) => setRange(v ?? [])}
        />
        <Input.Search allowClear placeholder="搜索考试" style={{ width: 220, maxWidth: '100%' }} onSearch={setTitle} />
      </Space>
      <TabBar tabs={TABS} active={tab} onChange={setTab} />
      {/* Back from a provider's cashier: paid, the open exams show the exam with 进入考试. */}
      <PayReturn itemType={OrderItemType.EXAM} onPaid={() => setTab('open')} />
      <TabPanel active={tab === 'mine'}>
        <TabBar capsule tabs={FLAG_TABS} active={flag} onChange={setFlag} style={{ marginBottom: 12 }} />
        <PagedCardGrid<MyExamItem>
          url={ClientExamCalls.minePaging.url}
          params={{ ...filters, flag }}
          size={EXAM_CARDS_PER_PAGE}
          perRow={3}
          rowKey="id"
          renderCard={(exam) => <MyExamCard exam={exam} />}
        />
      </TabPanel>
      <TabPanel active={tab === 'open'}>
        <PagedCardGrid<OpenExamItem>
          url={ClientExamCalls.openPaging.url}
          params={filters}
          size={EXAM_CARDS_PER_PAGE}
          perRow={3}
          rowKey="id"
          renderCard={(exam) => <OpenExamCard exam={exam} />}
        />
      </TabPanel>
    </Card>
  );
}
