import { useState } from 'react';
import { Button, Drawer, Input, Message, Space, Tag } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import { CourseCalls, type CourseAdminRow, type CourseLearnRow } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { confirmAction, Permission, FitTable, NamedProgress, compactFilters, usePage } from '@exam/ui';
import { durationText } from '../../common/format';
import { useFixProcessMutation, useLearnPagingQuery } from './courseApi';
import { learnFix } from './learnFix';

/** Learning records of one course: learner, progress, time, finished; export as .xlsx. */
export function LearnRecordsDrawer({ course, onClose }: { course?: CourseAdminRow; onClose: () => void }) {
  const [realName, setRealName] = useState('');
  const [exporting, setExporting] = useState(false);
  const page = usePage(compactFilters({ courseId: course?.id ?? '', realName }), 10);
  const { data, isFetching } = useLearnPagingQuery(
    course ? { ...page.request, params: { ...page.request.params, courseId: course.id } } : skipToken,
  );
  const exportXlsx = async () => {
    if (!course) return;
    setExporting(true);
    await download(CourseCalls.learnExport.url, { courseId: course.id }, `${course.title}-学习记录.xlsx`).catch(
      () => undefined,
    );
    setExporting(false);
  };
  // The admin's correction (course:learn:fix), asked for first: it rewrites the learner's progress.
  const [fix] = useFixProcessMutation();
  const correct = async (row: CourseLearnRow, finished: boolean) => {
    if (!course) return;
    const f = learnFix(course.id, row, finished);
    if (!(await confirmAction({ content: f.confirm }))) return;
    const res = await fix(f.body);
    if (!('error' in res)) Message.success(f.done);
  };
  const fixButton = (row: CourseLearnRow, finished: boolean) => (
    <Button
      type="text"
      size="small"
      status={finished ? undefined : 'danger'}
      onClick={() => void correct(row, finished)}
    >
      {learnFix('', row, finished).label}
    </Button>
  );

  return (
    <Drawer
      title={`学习记录：${course?.title ?? ''}`}
      visible={!!course}
      width={Math.min(960, window.innerWidth)}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索学员姓名" style={{ width: 200 }} onSearch={setRealName} />
        <Button icon={<IconDownload />} loading={exporting} onClick={() => void exportXlsx()}>
          导出
        </Button>
      </Space>
      <FitTable<CourseLearnRow>
        rowKey="userId"
        loading={isFetching}
        data={data?.records ?? []}
        pagination={page.pagination(data?.total)}
        columns={[
          { title: '学员', dataIndex: 'realName', render: (v, r) => `${v}（${r.userName}）` },
          { title: '部门', dataIndex: 'deptCode_dictText', width: 120 },
          {
            title: '进度',
            dataIndex: 'percent',
            width: 170,
            render: (v: number, r) => (
              <Space>
                <NamedProgress label="学习进度" percent={v} size="small" width={80} />
                {r.learnFile}/{r.totalFile}
              </Space>
            ),
          },
          { title: '学习时长', dataIndex: 'learnSec', width: 100, render: (v: number) => durationText(v) },
          {
            title: '状态',
            dataIndex: 'finished',
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">已完成</Tag> : <Tag color="arcoblue">学习中</Tag>),
          },
          { title: '最近学习', dataIndex: 'latestTime', width: 170 },
          {
            title: '修正进度',
            width: 190,
            fixed: 'right',
            render: (_, r) => (
              <Permission codes={['course:learn:fix']}>
                <Space size={0}>
                  {!r.finished && fixButton(r, true)}
                  {fixButton(r, false)}
                </Space>
              </Permission>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
