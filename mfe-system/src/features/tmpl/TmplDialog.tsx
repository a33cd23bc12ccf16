import { Form, Input } from '@arco-design/web-react';
import type { BodyOf, TmplCalls } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { EditDialog } from '@exam/ui';
import { useTmplDetailQuery, useTmplSaveMutation } from './tmplApi';

type Values = Omit<BodyOf<typeof TmplCalls.save>, 'id'>;
const NEW_TMPL: Partial<Values> = {};

/** New template (`id` '') or edit of one. */
export function TmplDialog({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const detail = useTmplDetailQuery(id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useTmplSaveMutation();
  return (
    <EditDialog<Values>
      title={id ? '修改模板' : '新增模板'}
      visible={id !== undefined}
      cols={[4, 19]}
      style={{ width: 640 }}
      initial={id ? detail.currentData : NEW_TMPL}
      loading={!!id && detail.isFetching}
      failed={!!id && detail.isError}
      onSave={(v) =>
        save({
          id: id || undefined,
          title: v.title,
          code: v.code ?? '',
          content: v.content,
          remark: v.remark ?? '',
        }).unwrap()
      }
      success="操作成功！"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="模板标题"
        field="title"
        rules={[{ required: true, message: '模板标题不能为空！' }, { maxLength: 100 }]}
      >
        <Input placeholder="请输入模板标题" />
      </Form.Item>
      <Form.Item label="模板编码" field="code" rules={[{ maxLength: 64 }]}>
        <Input placeholder="程序按编码查找模板，如 exam_remind" />
      </Form.Item>
      <Form.Item
        label="模板内容"
        field="content"
        rules={[{ required: true, message: '模板内容不能为空！' }, { maxLength: 5000 }]}
        extra="可使用 ${变量名} 占位，如 ${title}"
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Form.Item label="备注" field="remark" rules={[{ maxLength: 500 }]}>
        <Input />
      </Form.Item>
    </EditDialog>
  );
}
