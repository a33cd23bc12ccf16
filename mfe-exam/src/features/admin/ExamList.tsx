import { useCallback, useState } from 'react';
import { Button, Input, Message, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { PageContainer, PagingTable, useCan } from '@exam/ui';
import { type BodyOf, ExamCalls, type ExamAdminRow, ExamState } from '@exam/contracts';
import { ExamRecordDrawer } from '../records/ExamRecordDrawer';
import { chanceText, OPEN_TYPE_TITLES, timeWindow } from '../exams/examText';
import { ExamDialog } from './ExamDialog';
import { useExamStateMutation, useLazyExamDetailQuery } from './examApi';
import { PaperPreviewDrawer, type PreviewRequest } from './PaperPreview';

/** Spec admin §3 open types of an exam. */

/** Admin exam list (route ExamList): search, create/edit with paper rules, delete, enable/disable. */
export default function ExamList() {
  const [title, setTitle] = useState('');
  const [edit, setEdit] = useState<string>();
  const [refresh, setRefresh] = useState(0);
  const [preview, setPreview] = useState<PreviewRequest>();
  const [records, setRecords] = useState<ExamAdminRow>();
  const closePreview = useCallback(() => setPreview(undefined), []);
  const can = useCan();
  const [readExam] = useLazyExamDetailQuery();
  const [changeState] = useExamStateMutation();
  const previewExam = async (id: string) => {
    const e = await readExam({ id }).unwrap();
    setPreview({ rules: e.rules ?? [], shuffleQu: e.shuffleQu, shuffleOpt: e.shuffleOpt });
  };
  const reload = () => setRefresh((n) => n + 1);
  const setState = async (ids: (string | number)[], state: BodyOf<typeof ExamCalls.state>['state']) => {
    const body: BodyOf<typeof ExamCalls.state> = { ids: ids.map(String), state };
    await changeState(body).unwrap();
    Message.success(state === ExamState.NORMAL ? '已启用' : '已禁用');
    reload();
  };
  const columns: TableColumnProps<ExamAdminRow>[] = [
    { title: '考试名称', dataIndex: 'title', width: 150, ellipsis: true },
    {
      title: '考试类型',
      dataIndex: 'examType_dictText',
      width: 90,
      render: (t: string, e) => (
        <>
          {t || e.examType}
          {e.offline && (
            <Tag size="small" style={{ marginLeft: 4 }}>
              线下
            </Tag>
          )}
        </>
      ),
    },
    { title: '考试时间', key: 'window', width: 170, render: (_: unknown, e) => timeWindow(e.startTime, e.endTime) },
    { title: '时长(分钟)', dataIndex: 'totalTime', width: 70 },
    { title: '总分/及格', key: 'score', width: 80, render: (_: unknown, e) => `${e.totalScore} / ${e.qualifyScore}` },
    { title: '考试机会', dataIndex: 'chance', width: 70, render: chanceText },
    { title: '开放类型', dataIndex: 'openType', render: (t: number) => OPEN_TYPE_TITLES[t] ?? t, width: 70 },
    {
      // The switch sits beside the tag: the table's own 操作 column holds edit and delete.
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (s: number, e) => (
        <Space size={4}>
          {s === ExamState.NORMAL ? <Tag color="green">正常</Tag> : <Tag color="red">禁用</Tag>}
          {can('exam:state') && (
            <Button
              type="text"
              size="mini"
              onClick={() =>
                void setState([e.id], s === ExamState.NORMAL ? ExamState.DISABLED : ExamState.NORMAL).catch(
                  () => undefined,
                )
              }
            >
              {s === ExamState.NORMAL ? '禁用' : '启用'}
            </Button>
          )}
        </Space>
      ),
    },
    {
      // Stacked so the table still fits beside the sidebar on a 1366 px screen.
      title: '试卷与成绩',
      key: 'more',
      width: 90,
      render: (_: unknown, e) => (
        <Space direction="vertical" size={0} align="start">
          {can('exam:update') && (
            <Button type="text" size="mini" onClick={() => void previewExam(e.id).catch(() => undefined)}>
              预览
            </Button>
          )}
          {can('exam:record') && (
            <Button type="text" size="mini" onClick={() => setRecords(e)}>
              考试记录
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <PageContainer title="考试管理">
      <PagingTable
        url={ExamCalls.paging.url}
        params={{ title: title || undefined }}
        columns={columns as TableColumnProps[]}
        selectable
        refreshKey={refresh}
        toolbar={
          <Space>
            <Input.Search allowClear placeholder="搜索考试名称" style={{ width: 240 }} onSearch={setTitle} />
          </Space>
        }
        actions={{
          add: { permission: 'exam:add', onClick: () => setEdit('') },
          edit: { permission: 'exam:update', onClick: (row) => setEdit(String(row.id)) },
          delete: { permission: 'exam:delete', url: ExamCalls.delete.url },
        }}
      />
      <ExamDialog edit={edit} onClose={() => setEdit(undefined)} onSaved={reload} />
      <PaperPreviewDrawer request={preview} onClose={closePreview} />
      <ExamRecordDrawer exam={records} onClose={() => setRecords(undefined)} />
    </PageContainer>
  );
}
