import { useState } from 'react';
import { Button, Space, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { COURSE_FILE_STATE_TEXT, CourseFileState, type CourseFileRow } from '@exam/contracts';
import { DeleteButton, PageContainer, Permission, FitTable, compactFilters, usePage } from '@exam/ui';
import { durationText, fileSizeText } from '../../common/format';
import { useFileDeleteMutation, useFilePagingQuery } from './fileApi';
import { CodeFilter, FileFilters } from './FileFilters';
import { FileStateTag } from './FileStateTag';
import { FileUploadDialog } from './FileUploadDialog';
import { FileEditDialog } from './FileEditDialog';

/** While a video is being transcoded the list asks again every few seconds, until every state settles. */
const POLL_MS = 3000;

/** Admin courseware library (route CourseFileList): upload, transcoding state, live coursewares. */
export default function CourseFileList() {
  const [title, setTitle] = useState('');
  const [fileType, setFileType] = useState<number>();
  const [state, setState] = useState<number>();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<CourseFileRow | 'live'>();
  const page = usePage(compactFilters({ title, fileType, state }));
  const [transcoding, setTranscoding] = useState(false);
  const { data, isFetching } = useFilePagingQuery(page.request, { pollingInterval: transcoding ? POLL_MS : 0 });
  const anyTranscoding = !!data?.records.some((r) => r.state === CourseFileState.TRANSCODING);
  if (anyTranscoding !== transcoding) setTranscoding(anyTranscoding);
  const [remove] = useFileDeleteMutation();

  const columns: TableColumnProps<CourseFileRow>[] = [
    { title: '课件名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'fileType_dictText', width: 90 },
    { title: '分类', dataIndex: 'catId_dictText', width: 120, render: (v) => v || '-' },
    { title: '大小', dataIndex: 'fileSize', width: 110, render: (v: number) => (v ? fileSizeText(v) : '-') },
    { title: '时长', dataIndex: 'duration', width: 90, render: (v: number) => (v ? durationText(v) : '-') },
    {
      title: '状态',
      dataIndex: 'state',
      width: 200,
      render: (_, r) => <FileStateTag state={r.state} stateMsg={r.stateMsg} />,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      width: 150,
      render: (_, r) => (
        <Space>
          <Permission codes={['course:file:update']}>
            <Button type="text" size="small" onClick={() => setEditing(r)}>
              修改
            </Button>
          </Permission>
          <DeleteButton permission="course:file:delete" onDelete={() => remove({ ids: [r.id] }).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title="课件管理">
      <FileFilters onTitle={setTitle} fileType={fileType} onFileType={setFileType}>
        <CodeFilter titles={COURSE_FILE_STATE_TEXT} placeholder="状态" value={state} onChange={setState} />
        <Permission codes={['course:file:add']}>
          <Button type="primary" icon={<IconUpload />} onClick={() => setUploading(true)}>
            上传课件
          </Button>
        </Permission>
        <Permission codes={['course:file:add']}>
          <Button icon={<IconPlus />} onClick={() => setEditing('live')}>
            新增直播
          </Button>
        </Permission>
      </FileFilters>
      <FitTable
        rowKey="id"
        loading={isFetching && !transcoding}
        columns={columns}
        data={data?.records ?? []}
        pagination={page.pagination(data?.total)}
      />
      <FileUploadDialog visible={uploading} onClose={() => setUploading(false)} />
      <FileEditDialog target={editing} onClose={() => setEditing(undefined)} />
    </PageContainer>
  );
}
