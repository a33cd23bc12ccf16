import { Form, Input } from '@arco-design/web-react';
import type { BodyOf, DicCalls, DicRow } from '@exam/contracts';
import { EditDialog } from '@exam/ui';
import { useDicSaveMutation } from './dicApi';

type Values = Omit<BodyOf<typeof DicCalls.save>, 'id'>;
const NEW_DIC: Partial<Values> = { code: '', title: '', remark: '' };

/** New dictionary (dic = null) or editing one; the code stays as created. */
export function DicDialog({
  dic,
  onClose,
  onSaved,
}: {
  dic: DicRow | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [save] = useDicSaveMutation();
  return (
    <EditDialog<Values>
      title={dic ? '修改字典' : '新增字典'}
      visible={dic !== undefined}
      initial={dic ?? NEW_DIC}
      onSave={(v) => save({ ...v, id: dic?.id }).unwrap()}
      success="保存成功！"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="字典编码"
        field="code"
        rules={[
          { required: true, message: '字典编码不能为空！' },
          { match: /^[A-Za-z][A-Za-z0-9_]*$/, message: '字典编码应以字母开头，由字母、数字、下划线组成！' },
        ]}
      >
        <Input disabled={!!dic} />
      </Form.Item>
      <Form.Item label="字典名称" field="title" rules={[{ required: true, message: '字典名称不能为空！' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="备注" field="remark">
        <Input.TextArea />
      </Form.Item>
    </EditDialog>
  );
}
