import { Form, Input, Radio } from '@arco-design/web-react';
import type { BodyOf, NoticeCalls } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { EditDialog, RichEditor } from '@exam/ui';
import { useNoticeDetailQuery, useNoticeSaveMutation } from './noticeApi';

type Values = Omit<BodyOf<typeof NoticeCalls.save>, 'id'>;
/** state 0 正常, 1 禁用. */
const NEW_NOTICE: Partial<Values> = { state: 0, content: '' };

/** New notice (`id` '') or edit of one; the content is rich text, sanitized by the server. */
export function NoticeDialog({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const detail = useNoticeDetailQuery(id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useNoticeSaveMutation();
  return (
    <EditDialog<Values>
      title={id ? '修改公告' : '新增公告'}
      visible={id !== undefined}
      cols={[3, 21]}
      style={{ width: 860, maxWidth: '95vw' }}
      initial={id ? detail.currentData : NEW_NOTICE}
      loading={!!id && detail.isFetching}
      failed={!!id && detail.isError}
      onSave={(v) => save({ id: id || undefined, title: v.title, content: v.content ?? '', state: v.state }).unwrap()}
      success="公告保存成功！"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="标题"
        field="title"
        rules={[{ required: true, message: '公告标题不能为空！' }, { maxLength: 200 }]}
      >
        <Input placeholder="请输入公告标题" />
      </Form.Item>
      <Form.Item label="状态" field="state">
        <Radio.Group
          options={[
            { label: '正常', value: 0 },
            { label: '禁用', value: 1 },
          ]}
        />
      </Form.Item>
      <Form.Item label="内容" field="content" rules={[{ required: true, message: '公告内容不能为空！' }]}>
        <RichEditor placeholder="请输入公告内容" height={320} />
      </Form.Item>
    </EditDialog>
  );
}
