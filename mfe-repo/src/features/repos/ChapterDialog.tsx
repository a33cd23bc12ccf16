import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Table } from '@arco-design/web-react';
import { post } from '@exam/api';
import { type Chapter, RepoCalls } from '@exam/contracts';
import { confirmAction } from '@exam/ui';

type Props = { repoId?: string; onClose: () => void };

/** Chapters of a bank: add, rename, delete, move up and down. */
export function ChapterDialog({ repoId, onClose }: Props) {
  const [rows, setRows] = useState<Chapter[]>([]);
  const [title, setTitle] = useState('');
  const load = useCallback(() => { if (repoId) void post<Chapter[]>(RepoCalls.chapterList.url, { repoId }).then(setRows); }, [repoId]);
  useEffect(load, [load]);
  const add = async () => {
    if (!title.trim()) return;
    await post(RepoCalls.chapterSave.url, { repoId, title });
    setTitle('');
    load();
  };
  const rename = (c: Chapter) => {
    let next = c.title;
    Modal.confirm({ title: '修改章节', content: <Input defaultValue={c.title} onChange={(v) => (next = v)} />, onOk: async () => { await post(RepoCalls.chapterSave.url, { id: c.id, repoId, title: next }); load(); } });
  };
  const move = async (i: number, d: -1 | 1) => {
    const other = rows[i + d];
    if (!other) return;
    await Promise.all([post(RepoCalls.chapterSort.url, { id: rows[i].id, sort: other.sort }), post(RepoCalls.chapterSort.url, { id: other.id, sort: rows[i].sort === other.sort ? other.sort - d : rows[i].sort })]);
    load();
  };
  const remove = async (c: Chapter) => {
    if (!(await confirmAction({ content: '确实要删除吗?' }))) return;
    await post(RepoCalls.chapterDelete.url, { ids: [c.id] });
    load();
  };
  return (
    <Modal title="章节管理" visible={!!repoId} onCancel={onClose} footer={null} style={{ width: 640 }} unmountOnExit>
      <Space style={{ marginBottom: 12 }}>
        <Input aria-label="章节名称" placeholder="章节名称" value={title} onChange={setTitle} onPressEnter={add} style={{ width: 300 }} />
        <Button type="primary" onClick={add}>添加章节</Button>
      </Space>
      <Table rowKey="id" size="small" pagination={false} data={rows} columns={[
        { title: '章节名称', dataIndex: 'title' },
        { title: '试题数量', dataIndex: 'quCount', width: 90 },
        { title: '操作', width: 220, render: (_: unknown, c: Chapter, i: number) => (
          <Space size={2}>
            <Button size="mini" type="text" disabled={i === 0} onClick={() => move(i, -1)}>上移</Button>
            <Button size="mini" type="text" disabled={i === rows.length - 1} onClick={() => move(i, 1)}>下移</Button>
            <Button size="mini" type="text" onClick={() => rename(c)}>修改</Button>
            <Button size="mini" type="text" status="danger" onClick={() => remove(c)}>删除</Button>
          </Space>) },
      ]} />
    </Modal>
  );
}
