import { useState } from 'react';
import {
  Button,
  Drawer,
  Input,
  Message,
  Select,
  Space,
  Tabs,
  Tag,
  type TableColumnProps,
} from '@arco-design/web-react';
import { download } from '@exam/api';
import { MultiRangeSlider, PagingTable, useCan } from '@exam/ui';
import {
  ExState,
  RecordCalls,
  type RecordParams,
  type RecordRow,
  type ScoreRange,
  formatRanges,
} from '@exam/contracts';
import { ScoreDistPanel } from './ScoreDistPanel';

const PASS_OPTIONS = [
  { label: '通过', value: 'yes' },
  { label: '未通过', value: 'no' },
  { label: '待出分', value: 'wait' },
];
const PASS_COLOR: Record<string, string> = { 是: 'green', 否: 'red', 待出分: 'orange' };

const columns: TableColumnProps<RecordRow>[] = [
  { title: '姓名', dataIndex: 'realName', width: 100, render: (v: string, r) => v || r.userName },
  { title: '账号', dataIndex: 'userName', width: 110 },
  { title: '开始时间', dataIndex: 'startTime', width: 165 },
  { title: '交卷时间', dataIndex: 'handTime', width: 165, render: (v: string) => v || '-' },
  {
    title: '得分',
    key: 'score',
    width: 140,
    render: (_: unknown, r) => (r.userScore === null ? '-' : `${r.userScore}（客观${r.objScore}+主观${r.subjScore}）`),
  },
  {
    title: '是否通过',
    dataIndex: 'passed_dictText',
    width: 90,
    render: (v: string) => (v ? <Tag color={PASS_COLOR[v]}>{v}</Tag> : '-'),
  },
  { title: '试卷状态', dataIndex: 'state_dictText', width: 90 },
  { title: '切屏次数', dataIndex: 'leaveTimes', width: 80 },
  {
    title: '考卷状态',
    dataIndex: 'exState_dictText',
    width: 90,
    render: (v: string, r) => <Tag color={r.exState === ExState.NORMAL ? 'green' : 'red'}>{v}</Tag>,
  },
  { title: '说明', dataIndex: 'exMsg', ellipsis: true },
];

/** 考试记录 of one exam: every learner's attempts, filters by name and pass, export of the same rows. */
export function ExamRecordDrawer({
  exam,
  onClose,
}: {
  exam?: { id: string; title: string; totalScore: number };
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [pass, setPass] = useState<RecordParams['pass']>();
  const [bands, setBands] = useState<ScoreRange[]>([]);
  const [exporting, setExporting] = useState(false);
  const can = useCan();
  const scoreRange = bands.length ? formatRanges(bands, '-') : undefined;
  const params: RecordParams | undefined = exam && { examId: exam.id, name: name || undefined, pass, scoreRange };
  const exportXlsx = async () => {
    setExporting(true);
    try {
      await download(RecordCalls.export.url, { params }, `考试记录-${exam?.title}.xlsx`);
      Message.success('导出成功！');
    } catch {
      // the request layer already showed why
    } finally {
      setExporting(false);
    }
  };
  return (
    <Drawer
      title={`考试记录 - ${exam?.title ?? ''}`}
      visible={!!exam}
      width="85%"
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      {params && exam && (
        <Tabs defaultActiveTab="list">
          <Tabs.TabPane key="list" title="考试记录">
            <PagingTable
              url={RecordCalls.paging.url}
              params={params}
              columns={columns as TableColumnProps[]}
              defaultSize={10}
              toolbar={
                <Space wrap align="start">
                  <Input.Search allowClear placeholder="搜索姓名或账号" style={{ width: 220 }} onSearch={setName} />
                  <Select
                    allowClear
                    placeholder="是否通过"
                    style={{ width: 130 }}
                    options={PASS_OPTIONS}
                    value={pass}
                    onChange={setPass}
                  />
                  <MultiRangeSlider
                    value={bands}
                    onChange={setBands}
                    max={Math.max(1, Math.ceil(exam.totalScore))}
                    label="分数段筛选"
                  />
                  {can('exam:record:export') && (
                    <Button type="primary" loading={exporting} onClick={() => void exportXlsx()}>
                      导出
                    </Button>
                  )}
                </Space>
              }
            />
          </Tabs.TabPane>
          <Tabs.TabPane key="dist" title="分数分布">
            <ScoreDistPanel examId={exam.id} totalScore={exam.totalScore} />
          </Tabs.TabPane>
        </Tabs>
      )}
    </Drawer>
  );
}
