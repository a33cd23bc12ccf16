import { useState } from 'react';
import { Button, Input, Modal, Space } from '@arco-design/web-react';
import type { Chapter } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { confirmAction, FitTable } from '@exam/ui';
import {
  useChapterDeleteMutation,
  useChapterListQuery,
  useChapterSaveMutation,
  useChapterSortMutation,
} from './chapterApi';

type Props = { repoId?: string; onClose: () => void };

/** Chapters of a bank: add, rename, delete, move up and down. */
export function ChapterDialog({ repoId, onClose }: Props) {
  const { data: rows = [] } = useChapterListQuery(repoId ? { repoId } : skipToken);
  const [save] = useChapterSaveMutation();
  const [sort] = useChapterSortMutation();
  const [del] = useChapterDeleteMutation();
  const [title, setTitle] = useState('');
  const add = async () => {
    if (!title.trim() || !repoId) return;
    await save({ repoId, title }).unwrap();
    setTitle('');
  };
  const rename = (c: Chapter) => {
    let next = c.title;
    Modal.confirm({
      title: '修改章节',
      content: <Input defaultValue={c.title} onChange={(v) => (next = v)} />,
      onOk: async () => {
        await save({ id: c.id, repoId: c.repoId, title: next }).unwrap();
      },
    });
  };
  const move = async (i: number, d: -1 | 1) => {
    const other = rows[i + d];
    if (!other) return;
    await Promise.all([
      sort({ id: rows[i].id, sort: other.sort }).unwrap(),
      sort({ id: other.id, sort: rows[i].sort === other.sort ? other.sort - d : rows[i].sort }).unwrap(),
    ]);
  };
  const remove = async (c: Chapter) => {
    if (!(await confirmAction({ content: '确实要删除吗?' }))) return;
    await del({ ids: [c.id] }).unwrap();
  };
  return (
    <Modal title="章节管理" visible={!!repoId} onCancel={onClose} footer={null} style={{ width: 640 }} unmountOnExit>
      <Space style={{ marginBottom: 12 }}>
        <Input
          aria-label="章节名称"
          placeholder="章节名称"
          value={title}
          onChange={setTitle}
          onPressEnter={add}
          style={{ width: 300 }}
        />
        <Button type="primary" onClick={add}>
          添加章节
        </Button>
      </Space>
      <FitTable
        rowKey="id"
        size="small"
        pagination={false}
        data={rows}
        columns={[
          { title: '章节名称', dataIndex: 'title' },
          { title: '试题数量', dataIndex: 'quCount', width: 90 },
          {
            title: '操作',
            width: 220,
            render: (_: unknown, c: Chapter, i: number) => (
              <Space size={2}>
                <Button size="mini" type="text" disabled={i === 0} onClick={() => move(i, -1)}>
                  上移
                </Button>
                <Button size="mini" type="text" disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                  下移
                </Button>
                <Button size="mini" type="text" onClick={() => rename(c)}>
                  修改
                </Button>
                <Button size="mini" type="text" status="danger" onClick={() => remove(c)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
