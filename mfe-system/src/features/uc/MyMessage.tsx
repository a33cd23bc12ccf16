import { useRef, useState } from 'react';
import { Badge, Button, Link, Message, Modal } from '@arco-design/web-react';
import { type MsgDetail, type MsgRow, UcCalls } from '@exam/contracts';
import { fetchUnread, useAppDispatch } from '@exam/store';
import { PagingTable, type PagingTableHandle, RichText } from '@exam/ui';
import { UcFrame } from './UcFrame';
import { useLazyUcMsgDetailQuery, useUcMarkReadMutation } from './ucApi';

/** 站内信息 (MyMessage): opening a message marks it read, and the header badge follows at once. */
export default function MyMessage() {
  const table = useRef<PagingTableHandle>(null);
  const [open, setOpen] = useState<MsgDetail>();
  const dispatch = useAppDispatch();
  const [readMsg] = useLazyUcMsgDetailQuery();
  const [markRead] = useUcMarkReadMutation();

  const changed = () => {
    table.current?.reload();
    dispatch(fetchUnread());
  };
  const read = async (row: MsgRow) => {
    setOpen(await readMsg({ id: row.id }).unwrap());
    if (!row.readFlag) changed();
  };
  const readAll = async () => {
    await markRead({}).unwrap();
    Message.success('操作成功！');
    changed();
  };

  return (
    <UcFrame title="站内信息">
      <PagingTable
        ref={table}
        url={UcCalls.msgPaging.url}
        defaultSize={10}
        toolbar={<Button onClick={readAll}>全部标为已读</Button>}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string, row: MsgRow) => <Link onClick={() => read(row)}>{t}</Link>,
          },
          {
            title: '状态',
            dataIndex: 'readFlag',
            width: 100,
            render: (f: number) =>
              f ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />,
          },
          { title: '时间', dataIndex: 'createTime', width: 180 },
        ]}
      />
      <Modal
        title={open?.title}
        visible={Boolean(open)}
        footer={null}
        onCancel={() => setOpen(undefined)}
        style={{ width: 640 }}
      >
        <div style={{ color: 'var(--color-text-3)', marginBottom: 12 }}>{open?.createTime}</div>
        <RichText html={open?.content ?? ''} />
      </Modal>
    </UcFrame>
  );
}
