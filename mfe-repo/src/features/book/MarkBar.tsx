import { useState } from 'react';
import { Button, Input, Message, Modal, Space } from '@arco-design/web-react';
import { IconEdit, IconExclamationCircle, IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { useFindMarkQuery, useMarkFavMutation, useReportSaveMutation, useWriteNoteMutation } from './bookApi';

type Props = { refType: 'repo' | 'exam'; refId: string; quId: string };

/** The question mark bar: favourite, note (笔记内容不能为空！) and report-error (错误描述不能为空！). */
export function MarkBar({ refType, refId, quId }: Props) {
  const ref = { refType, refId, quId };
  const { data: mark = { favMark: false, favNote: '' } } = useFindMarkQuery(ref);
  const [markFav] = useMarkFavMutation();
  const [writeNote] = useWriteNoteMutation();
  const [reportSave] = useReportSaveMutation();
  const [dialog, setDialog] = useState<'note' | 'report' | null>(null);
  const [text, setText] = useState('');

  const fav = () => markFav({ ...ref, favMark: !mark.favMark });
  const open = (d: 'note' | 'report') => {
    setText(d === 'note' ? mark.favNote : '');
    setDialog(d);
  };
  const submit = async () => {
    if (!text.trim()) return void Message.warning(dialog === 'note' ? '笔记内容不能为空！' : '错误描述不能为空！');
    if (dialog === 'note') await writeNote({ ...ref, favNote: text }).unwrap();
    else await reportSave({ quId, content: text }).unwrap();
    Message.success(dialog === 'note' ? '笔记保存成功！' : '提交成功，感谢您的反馈！');
    setDialog(null);
  };
  return (
    <>
      <Space>
        <Button
          size="small"
          icon={mark.favMark ? <IconStarFill style={{ color: '#ff7d00' }} /> : <IconStar />}
          onClick={fav}
        >
          {mark.favMark ? '已收藏' : '收藏'}
        </Button>
        <Button size="small" icon={<IconEdit />} onClick={() => open('note')}>
          {mark.favNote ? '查看笔记' : '笔记'}
        </Button>
        <Button size="small" icon={<IconExclamationCircle />} onClick={() => open('report')}>
          纠错
        </Button>
      </Space>
      <Modal
        title={dialog === 'note' ? '试题笔记' : '错误反馈'}
        visible={!!dialog}
        onCancel={() => setDialog(null)}
        onOk={submit}
        unmountOnExit
      >
        <Input.TextArea
          aria-label={dialog === 'note' ? '笔记内容' : '错误描述'}
          autoSize={{ minRows: 4 }}
          maxLength={dialog === 'note' ? 5000 : 2000}
          value={text}
          onChange={setText}
          placeholder={dialog === 'note' ? '请输入笔记内容' : '请描述试题的错误'}
        />
      </Modal>
    </>
  );
}
