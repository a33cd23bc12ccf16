import { useState } from 'react';
import { Alert, Card, Input, Space } from '@arco-design/web-react';
import { useSearchParams } from '@exam/router';
import { MineCourseState } from '@exam/contracts';
import { CardGrid, DictSelect, TabBar, compactFilters, usePage } from '@exam/ui';
import { useMinePagingQuery, useOpenPagingQuery } from './clientApi';
import { CourseCardView } from './CourseCardView';
import { MyCourseItem } from './MyCourseItem';
import { useJoin } from './useJoin';
import { OPEN_COURSES_PER_PAGE } from '../../firstCalls';

const OPEN_SIZE = OPEN_COURSES_PER_PAGE;
const MINE_SIZE = 10; // my courses 10, one per row
const MINE_TABS = [
  { key: MineCourseState.ALL, title: '全部' },
  { key: MineCourseState.NOT_STARTED, title: '未开始' },
  { key: MineCourseState.LEARNING, title: '学习中' },
  { key: MineCourseState.FINISHED, title: '已完成' },
].map((t) => ({ ...t, key: String(t.key) }));
const TABS = [
  { key: 'open', title: '课程中心' },
  { key: 'mine', title: '我的课程' },
];

function OpenCourses({ catId, title }: { catId?: string; title: string }) {
  const page = usePage(compactFilters({ catId, title }), OPEN_SIZE);
  const { data, isFetching } = useOpenPagingQuery(page.request);
  const join = useJoin();
  return (
    <CardGrid
      records={data?.records}
      total={data?.total}
      loading={isFetching}
      current={page.query.current}
      size={OPEN_SIZE}
      onPage={page.setCurrent}
      perRow={4}
      rowKey="id"
      renderCard={(c) => <CourseCardView course={c} onJoin={join} />}
    />
  );
}

function MyCourses({ catId, title }: { catId?: string; title: string }) {
  const [state, setState] = useState<number>(MineCourseState.ALL);
  const page = usePage(compactFilters({ catId, title, state }), MINE_SIZE);
  const { data, isFetching } = useMinePagingQuery(page.request);
  return (
    <>
      <TabBar
        capsule
        tabs={MINE_TABS}
        active={String(state)}
        onChange={(k) => setState(Number(k))}
        style={{ marginBottom: 12 }}
      />
      <CardGrid
        records={data?.records}
        total={data?.total}
        loading={isFetching}
        current={page.query.current}
        size={MINE_SIZE}
        onPage={page.setCurrent}
        perRow={1}
        rowKey="id"
        renderCard={(c) => <MyCourseItem course={c} />}
      />
    </>
  );
}

/** Learner courses (route /pages/course, ClientCourse): the open-course grid and my courses. */
export default function ClientCourse() {
  const [query] = useSearchParams();
  const [tab, setTab] = useState('open');
  const [catId, setCatId] = useState<string>();
  const [title, setTitle] = useState('');
  return (
    <Card bordered={false}>
      {query.has('break') && (
        <Alert
          type="warning"
          style={{ marginBottom: 12 }}
          closable
          content="学习检测未通过，已退出学习，请重新进入课程继续学习。"
        />
      )}
      {/* Filters under the tabs, not beside them: on a phone they would squeeze the tab titles away. */}
      <TabBar tabs={TABS} active={tab} onChange={setTab} />
      <Space wrap style={{ marginBottom: 12 }}>
        <DictSelect
          dicCode="course_catalog"
          allowClear
          placeholder="课程分类"
          style={{ width: 150 }}
          value={catId}
          onChange={setCatId}
        />
        <Input.Search allowClear placeholder="搜索课程" style={{ width: 200 }} onSearch={setTitle} />
      </Space>
      {tab === 'open' ? <OpenCourses catId={catId} title={title} /> : <MyCourses catId={catId} title={title} />}
    </Card>
  );
}
