import { useState } from 'react';
import { Button, Input, Select, Space, type TableColumnProps } from '@arco-design/web-react';
import type { QaRow } from '@exam/contracts';
import { DeleteButton, PageContainer, Permission, FitTable, compactFilters, usePage } from '@exam/ui';
import { useQaDeleteMutation, useQaPagingQuery } from './qaApi';
import { QaAdminDialog } from './QaAdminDialog';
import { RepliedTag } from './QaReplies';

/** Admin course Q&A (route CourseQaAdmin): questions per course and file, reply, delete. */
export default function CourseQaAdmin() {
  const [title, setTitle] = useState('');
  const [replied, setReplied] = useState<boolean>();
  const [open, setOpen] = useState<string>();
  const page = usePage(compactFilters({ title, replied }));
  const { data, isFetching } = useQaPagingQuery(page.request);
  const [remove] = useQaDeleteMutation();

  const columns: TableColumnProps<QaRow>[] = [
    {
      title: '问题',
      dataIndex: 'title',
      ellipsis: true,
      render: (v, r) => (
        <Button type="text" size="small" onClick={() => setOpen(r.id)}>
          {v}
        </Button>
      ),
    },
    { title: '课程', dataIndex: 'courseTitle', width: 180, ellipsis: true },
    { title: '课件', dataIndex: 'fileTitle', width: 160, ellipsis: true, render: (v) => v || '-' },
    { title: '提问人', dataIndex: 'realName', width: 110 },
    { title: '状态', dataIndex: 'replied', width: 90, render: (v: boolean) => <RepliedTag replied={v} /> },
    { title: '回复数', dataIndex: 'replyCount', width: 80 },
    { title: '提问时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Permission codes={['course:qa:reply']}>
            <Button type="text" size="small" onClick={() => setOpen(r.id)}>
              回复
            </Button>
          </Permission>
          <DeleteButton permission="course:qa:delete" onDelete={() => remove({ ids: [r.id] }).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="课程问答">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索问题" style={{ width: 220 }} onSearch={setTitle} />
        <Select
          allowClear
          placeholder="回复状态"
          style={{ width: 130 }}
          value={replied === undefined ? undefined : String(replied)}
          onChange={(v?: string) => setReplied(v === undefined ? undefined : v === 'true')}
          options={[
            { label: '已回复', value: 'true' },
            { label: '待回复', value: 'false' },
          ]}
        />
      </Space>
      <FitTable
        rowKey="id"
        loading={isFetching}
        columns={columns}
        data={data?.records ?? []}
        pagination={page.pagination(data?.total)}
      />
      <QaAdminDialog id={open} onClose={() => setOpen(undefined)} />
    </PageContainer>
  );
}
