import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Message,
  Modal,
  Space,
  Spin,
  Table,
  type TableColumnProps,
  Tag,
  Typography,
  Upload,
} from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { ApiError, download, upload } from '@exam/api';
import {
  type ImportPreview,
  type ImportPreviewItem,
  QU_FILE_FORMATS,
  QU_IMPORT_ACCEPT,
  QuCalls,
} from '@exam/contracts';
import { RepoSelect } from './RepoSelect';

/** Open while mounted (the page mounts it on 导入). */
export interface QuImportDialogProps {
  /** The bank the page shows; the dialog may import into another. */
  repoId?: string;
  onClose: () => void;
  /** Runs after a successful import (reload the list). */
  onDone: () => void;
}

const FORMATS = Object.values(QU_FILE_FORMATS)
  .map((f) => f.title)
  .join('、');
const errorText = (e: unknown) => (e instanceof ApiError ? e.msg : String(e));
// Long words (a URL, a formula) wrap too, so no cell grows wider than its column.
const wrap = { overflowWrap: 'anywhere' } as const;
const grey = { color: 'var(--color-text-3)' } as const;

const columns: TableColumnProps<ImportPreviewItem>[] = [
  { title: '位置', dataIndex: 'ref', width: 100, render: (t: string) => <span style={wrap}>{t}</span> },
  // Second, so why a question cannot be imported is in view without scrolling sideways.
  {
    title: '状态',
    dataIndex: 'error',
    width: 200,
    render: (error: string, r) => (
      <div style={wrap}>
        {error ? <Tag color="red">无法导入</Tag> : <Tag color="green">可导入</Tag>}
        {error && <div style={{ color: 'rgb(var(--danger-6))' }}>{error}</div>}
        {r.note && <div style={grey}>{r.note}</div>}
      </div>
    ),
  },
  { title: '题型', dataIndex: 'quType_dictText', width: 90, render: (t: string) => t || '—' },
  { title: '章节', dataIndex: 'chapter', width: 110, render: (t: string) => <span style={wrap}>{t}</span> },
  {
    title: '题干',
    dataIndex: 'content',
    width: 260,
    render: (t: string, r) => (
      <div style={wrap}>
        {t}
        {r.subCount > 0 && <div style={grey}>含 {r.subCount} 道小题</div>}
      </div>
    ),
  },
  {
    title: '选项',
    dataIndex: 'options',
    width: 220,
    render: (list: string[]) => (
      <div style={wrap}>
        {list.map((o, i) => (
          <div key={i}>{o}</div>
        ))}
      </div>
    ),
  },
  { title: '答案', dataIndex: 'answer', width: 120, render: (t: string) => <span style={wrap}>{t}</span> },
];
const TABLE_WIDTH = columns.reduce((sum, c) => sum + Number(c.width), 0);

/**
 * Imports one question file into a bank (issue 43): the server previews what it understood, item by item with the
 * reason a question cannot be imported; 导入 then writes exactly the good ones of that file (its digest).
 */
export function QuImportDialog({ repoId, onClose, onDone }: QuImportDialogProps) {
  const [bank, setBank] = useState(repoId ?? '');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [importing, setImporting] = useState(false);
  // Only the preview of the file picked last is shown, whatever order the answers arrive in.
  const asked = useRef(0);

  const pick = async (f: File) => {
    const n = ++asked.current;
    setFile(f);
    setPreview(undefined);
    setError('');
    setLoading(true);
    try {
      const p = await upload<ImportPreview>(QuCalls.importPreviewUrl, f, { repoId: bank }, { silent: true });
      if (n === asked.current) setPreview(p);
    } catch (e) {
      if (n === asked.current) setError(errorText(e));
    } finally {
      if (n === asked.current) setLoading(false);
    }
  };

  const importGood = async () => {
    if (!file || !preview) return;
    setImporting(true);
    setError('');
    try {
      const r = await upload<{ count: number; skipped: number }>(
        QuCalls.importUrl,
        file,
        { repoId: bank, digest: preview.digest },
        { silent: true },
      );
      Message.success(`成功导入 ${r.count} 道试题！${r.skipped ? `跳过 ${r.skipped} 道有错误的试题。` : ''}`);
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setImporting(false);
    }
  };

  const okCount = preview?.okCount ?? 0;
  // The ones that cannot be imported first: they are what the teacher has to look at.
  const items = (preview?.items ?? [])
    .map((it, key) => ({ ...it, key }))
    .sort((a, b) => Number(!a.error) - Number(!b.error));
  const listed = preview ? preview.okCount + preview.failCount : 0;
  return (
    <Modal
      title="导入试题"
      visible
      onCancel={importing ? undefined : onClose}
      maskClosable={!importing}
      style={{ width: 'min(960px, calc(100vw - 16px))' }}
      footer={
        <>
          <Button disabled={importing} onClick={onClose}>
            取消
          </Button>
          <Button type="primary" disabled={!okCount || loading} loading={importing} onClick={() => void importGood()}>
            导入 {okCount} 道试题
          </Button>
        </>
      }
    >
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Space wrap>
          <span>导入到</span>
          <RepoSelect value={bank} onChange={setBank} style={{ width: 240 }} />
          <Upload
            // Not filtered here: a file of another type reaches the server, which says what it accepts.
            accept={{ type: QU_IMPORT_ACCEPT, strict: false }}
            showUploadList={false}
            disabled={!bank || importing}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
          >
            <Button type="primary" icon={<IconUpload />} disabled={!bank || importing}>
              选择文件
            </Button>
          </Upload>
          <Button
            type="text"
            icon={<IconDownload />}
            onClick={() => download(QuCalls.template.url, {}, '试题导入模板.xlsx')}
          >
            下载模板
          </Button>
          <Button
            type="text"
            icon={<IconDownload />}
            onClick={() => download(QuCalls.docxExample.url, {}, '试题导入示例.docx')}
          >
            Word 示例
          </Button>
        </Space>
        <Typography.Text type="secondary">
          {bank ? '' : '请先选择题库。'}支持 {FORMATS}，每次一个文件；先预览，再导入其中可导入的试题。
        </Typography.Text>
        {file && <div>文件：{file.name}</div>}
        {error && <Alert type="error" content={error} />}
        {loading && <Spin block tip="正在读取文件…" style={{ padding: 24 }} />}
        {preview && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div>
              {`格式：${preview.formatTitle} · 可导入 ${preview.okCount} 道 · 有错误 ${preview.failCount} 道 · 图片 ${preview.imageCount} 张`}
            </div>
            {items.length < listed && (
              <Typography.Text type="secondary">
                共 {listed} 道，只列出其中 {items.length} 道。
              </Typography.Text>
            )}
            <Table
              size="small"
              border
              tableLayoutFixed
              pagination={false}
              columns={columns}
              data={items}
              scroll={{ x: TABLE_WIDTH, y: 360 }}
            />
          </Space>
        )}
      </Space>
    </Modal>
  );
}
