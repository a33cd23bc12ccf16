import { useRef, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Message,
  Modal,
  Space,
  Tabs,
  Tag,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useSearchParams } from '@exam/router';
import { BookCalls, type BookRow } from '@exam/contracts';
import { PagingTable, type PagingTableHandle } from '@exam/ui';
import { useBookDeleteMutation } from './bookApi';
import { BookDetailDialog } from './BookDetailDialog';

/** The wrong-question and favourites book (route /pages/book/list, query refType and refId). */
export default function WrongBook() {
  const [search] = useSearchParams();
  const [kind, setKind] = useState('wrong');
  const [detail, setDetail] = useState<string>();
  const table = useRef<PagingTableHandle>(null);
  const [removeRows] = useBookDeleteMutation();
  const refType = search.get('refType') || undefined;
  const refId = search.get('refId') || undefined;

  const remove = (ids: (string | number)[]) => {
    const opts = { removeFav: false, removeNote: false };
    Modal.confirm({
      title: '移除试题',
      content: (
        <Space direction="vertical">
          <span>确定从错题本移除选中的试题吗？</span>
          <Checkbox onChange={(v) => (opts.removeFav = v)}>同时取消收藏</Checkbox>
          <Checkbox onChange={(v) => (opts.removeNote = v)}>同时删除笔记</Checkbox>
        </Space>
      ),
      onOk: async () => {
        await removeRows({ ids: ids.map(String), ...opts }).unwrap();
        Message.success('删除成功!');
        table.current?.reload();
      },
    });
  };
  const columns: TableColumnProps<BookRow>[] = [
    {
      title: '试题',
      dataIndex: 'contentText',
      ellipsis: true,
      render: (t: string, r) => (
        <Button type="text" title={t} onClick={() => setDetail(r.id)}>
          {t.slice(0, 200) || '（图片试题）'}
        </Button>
      ),
    },
    { title: '题型', dataIndex: 'quType_dictText', width: 90, render: (t: string) => <Tag color="arcoblue">{t}</Tag> },
    { title: '来源', dataIndex: 'refTitle', width: 140, ellipsis: true },
    { title: '错误次数', dataIndex: 'wrongCount', width: 90 },
    { title: '收藏', dataIndex: 'favMark', width: 70, render: (f: boolean) => (f ? '是' : '否') },
    { title: '笔记', dataIndex: 'favNote', ellipsis: true, width: 120 },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={2}>
          <Button size="mini" type="text" onClick={() => setDetail(r.id)}>
            查看
          </Button>
          <Button size="mini" type="text" status="danger" onClick={() => remove([r.id])}>
            移除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card title="错题本" style={{ margin: 16 }}>
      <Tabs activeTab={kind} onChange={setKind}>
        <Tabs.TabPane key="wrong" title="错题" />
        <Tabs.TabPane key="fav" title="收藏" />
        <Tabs.TabPane key="note" title="笔记" />
      </Tabs>
      <PagingTable
        ref={table}
        url={BookCalls.paging.url}
        params={{ refType, refId, kind }}
        defaultSize={10}
        columns={columns as TableColumnProps[]}
        actions={{ bulk: [{ label: '批量移除', onClick: (ids) => remove(ids) }] }}
      />
      <BookDetailDialog
        id={detail}
        onClose={() => {
          setDetail(undefined);
          table.current?.reload();
        }}
      />
    </Card>
  );
}
