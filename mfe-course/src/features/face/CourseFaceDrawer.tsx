import { FitTable, compactFilters, usePage } from '@exam/ui';
import { useState } from 'react';
import { Button, Drawer, Empty, Grid, Input, Pagination, Space, Tag } from '@arco-design/web-react';
import type { CourseAdminRow, CourseFaceRow } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { CaptureCard } from './CaptureCard';
import { useCapturePagingQuery, useFacePagingQuery } from './faceApi';

const CAPTURES_PER_PAGE = 12;

/** A course's study face checks (人脸记录): per learner, then one learner's captures with their verdicts. */
export function CourseFaceDrawer({ course, onClose }: { course?: CourseAdminRow; onClose: () => void }) {
  const [realName, setRealName] = useState('');
  const [learner, setLearner] = useState<CourseFaceRow>();
  const page = usePage(compactFilters({ courseId: course?.id ?? '', realName }), 10);
  const { data, isFetching } = useFacePagingQuery(
    course ? { ...page.request, params: { courseId: course.id, realName: realName || undefined } } : skipToken,
  );
  // Another learner's captures start again at page 1.
  const capsPage = usePage({ courseId: course?.id ?? '', userId: learner?.userId ?? '' }, CAPTURES_PER_PAGE);
  const caps = useCapturePagingQuery(course && learner ? capsPage.request : skipToken);
  const close = () => {
    setLearner(undefined);
    onClose();
  };
  return (
    <Drawer
      title={`人脸记录：${course?.title ?? ''}`}
      visible={!!course}
      width={Math.min(960, window.innerWidth)}
      footer={null}
      onCancel={close}
      unmountOnExit
    >
      {learner ? (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button size="small" onClick={() => setLearner(undefined)}>
              返回
            </Button>
            <span>
              {learner.realName} 的抓拍（共 {caps.data?.total ?? 0} 张）
            </span>
          </Space>
          {caps.data?.records.length ? (
            <Grid.Row gutter={[12, 12]}>
              {caps.data.records.map((r) => (
                <Grid.Col key={r.id} xs={12} md={8} lg={6}>
                  <CaptureCard row={r} />
                </Grid.Col>
              ))}
            </Grid.Row>
          ) : (
            <Empty description="暂无相关数据！" />
          )}
          <Pagination
            style={{ marginTop: 12 }}
            size="small"
            total={caps.data?.total ?? 0}
            pageSize={CAPTURES_PER_PAGE}
            current={capsPage.query.current}
            onChange={capsPage.setCurrent}
          />
        </>
      ) : (
        <>
          <Input.Search
            allowClear
            placeholder="搜索学员姓名"
            style={{ width: 200, marginBottom: 12 }}
            onSearch={setRealName}
          />
          <FitTable<CourseFaceRow>
            rowKey="userId"
            loading={isFetching}
            data={data?.records ?? []}
            pagination={page.pagination(data?.total)}
            columns={[
              { title: '学员', dataIndex: 'realName' },
              { title: '通过', dataIndex: 'passCount', width: 80 },
              { title: '失败', dataIndex: 'totalFails', width: 80 },
              {
                title: '连续失败',
                dataIndex: 'failCount',
                width: 100,
                render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : 0),
              },
              { title: '最近通过', dataIndex: 'lastPass', width: 170 },
              {
                title: '操作',
                width: 100,
                render: (_, r) => (
                  <Button type="text" size="small" onClick={() => setLearner(r)}>
                    查看抓拍
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
