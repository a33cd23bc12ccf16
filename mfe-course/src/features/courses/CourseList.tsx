import { useState } from 'react';
import { Button, Input, Message, Space, Switch, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { CourseState, type CourseAdminRow } from '@exam/contracts';
import {
  DeleteButton,
  DictSelect,
  FitTable,
  PageContainer,
  Permission,
  PriceTag,
  coverColumn,
  useCan,
  compactFilters,
  usePage,
} from '@exam/ui';
import { useCourseDeleteMutation, useCoursePagingQuery, useCourseStateMutation } from './courseApi';
import { CourseDialog } from './CourseDialog';
import { OPEN_TYPES } from './CourseFields';
import { LearnRecordsDrawer } from './LearnRecordsDrawer';
import { CourseFaceDrawer } from '../face/CourseFaceDrawer';

/** Admin course list (route CourseList, quick entry 添加课程). */
export default function CourseList() {
  const [title, setTitle] = useState('');
  const [catId, setCatId] = useState<string>();
  const [edit, setEdit] = useState<string>();
  const [records, setRecords] = useState<CourseAdminRow>();
  const [faces, setFaces] = useState<CourseAdminRow>();
  const page = usePage(compactFilters({ title, catId }));
  const { data, isFetching } = useCoursePagingQuery(page.request);
  const [remove] = useCourseDeleteMutation();
  const [setState] = useCourseStateMutation();
  const canState = useCan()('course:state');

  const toggle = async (row: CourseAdminRow, on: boolean) => {
    const res = await setState({ ids: [row.id], state: on ? CourseState.NORMAL : CourseState.DISABLED });
    if (!('error' in res)) Message.success('状态修改成功!');
  };
  const columns: TableColumnProps<CourseAdminRow>[] = [
    coverColumn<CourseAdminRow>(),
    { title: '课程名称', dataIndex: 'title', ellipsis: true },
    { title: '分类', dataIndex: 'catId_dictText', width: 90, render: (v) => v || '-' },
    {
      title: '价格',
      dataIndex: 'salePrice',
      width: 90,
      render: (_, r) => (r.costPoints > 0 ? `${r.costPoints} 积分` : <PriceTag price={r.salePrice} />),
    },
    {
      title: '开放类型',
      dataIndex: 'openType',
      width: 80,
      render: (v: number) => OPEN_TYPES.find((o) => o.value === v)?.label ?? v,
    },
    { title: '课件', dataIndex: 'fileCount', width: 60 },
    { title: '学习/完成', dataIndex: 'learnUser', width: 90, render: (_, r) => `${r.learnUser} / ${r.finishUser}` },
    {
      title: '学习时间',
      dataIndex: 'startTime',
      width: 170,
      render: (_, r) => (r.startTime ? `${r.startTime} ~ ${r.endTime}` : '长期有效'),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === CourseState.NORMAL}
          disabled={!canState}
          onChange={(on) => void toggle(r, on)}
        />
      ),
    },
    {
      // Two lines of two buttons: the table fits beside the sidebar at 1366 px, nothing pinned over other columns.
      title: '操作',
      width: 150,
      render: (_, r) => (
        <Space size={0} wrap>
          <Permission codes={['course:update']}>
            <Button type="text" size="small" onClick={() => setEdit(r.id)}>
              修改
            </Button>
          </Permission>
          <Permission codes={['course:learn']}>
            <Button type="text" size="small" onClick={() => setRecords(r)}>
              学习记录
            </Button>
          </Permission>
          <Permission codes={['course:learn']}>
            <Button type="text" size="small" onClick={() => setFaces(r)}>
              人脸记录
            </Button>
          </Permission>
          <DeleteButton permission="course:delete" onDelete={() => remove({ ids: [r.id] }).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="课程管理">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索课程名称" style={{ width: 220 }} onSearch={setTitle} />
        <DictSelect
          dicCode="course_catalog"
          allowClear
          placeholder="课程分类"
          style={{ width: 160 }}
          value={catId}
          onChange={setCatId}
        />
        <Permission codes={['course:add']}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setEdit('')}>
            添加课程
          </Button>
        </Permission>
      </Space>
      <FitTable
        rowKey="id"
        loading={isFetching}
        columns={columns as TableColumnProps[]}
        data={data?.records ?? []}
        pagination={page.pagination(data?.total)}
      />
      <CourseDialog edit={edit} onClose={() => setEdit(undefined)} />
      <LearnRecordsDrawer course={records} onClose={() => setRecords(undefined)} />
      <CourseFaceDrawer course={faces} onClose={() => setFaces(undefined)} />
    </PageContainer>
  );
}
