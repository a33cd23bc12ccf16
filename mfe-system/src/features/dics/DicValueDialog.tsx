import { Form, Input, InputNumber } from '@arco-design/web-react';
import type { DicValueNode } from '@exam/contracts';
import { EditDialog } from '@exam/ui';
import { useDicValueSaveMutation } from './dicApi';

export type DicValueEdit = Partial<DicValueNode> & { dicCode: string; parentId: string; parentTitle: string };
type Values = { value: string; title: string; sort: number };

/** New or edited dictionary value; the tree and the selectors' cached dictionary refresh through the 'DicValue' tag. */
export function DicValueDialog({ edit, onClose }: { edit?: DicValueEdit; onClose: () => void }) {
  const [save] = useDicValueSaveMutation();
  const onSave = (v: Values) => save({ ...v, id: edit!.id, dicCode: edit!.dicCode, parentId: edit!.parentId }).unwrap();
  return (
    <EditDialog<Values>
      title={edit?.id ? '修改字典值' : '新增字典值'}
      visible={!!edit}
      initial={{ value: edit?.value ?? '', title: edit?.title ?? '', sort: edit?.sort ?? 0 }}
      onSave={onSave}
      success="保存成功！"
      onClose={onClose}
    >
      <Form.Item label="上级">
        <Input value={edit?.parentTitle || '无'} disabled />
      </Form.Item>
      <Form.Item
        label="字典值"
        field="value"
        rules={[{ required: true, message: '字典值不能为空！' }, { maxLength: 64 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="字典文本"
        field="title"
        rules={[{ required: true, message: '字典文本不能为空！' }, { maxLength: 100 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label="排序" field="sort">
        <InputNumber min={0} max={9999} />
      </Form.Item>
    </EditDialog>
  );
}
