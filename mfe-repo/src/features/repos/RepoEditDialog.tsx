import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Message, Modal, Switch } from '@arco-design/web-react';
import { post } from '@exam/api';
import { RepoCalls, type RepoDetail, type RepoSaveReq } from '@exam/contracts';
import { DictSelect, ImageUpload } from '@exam/ui';

type Props = { id?: string; visible: boolean; onClose: () => void; onSaved: () => void };

/** Creates or edits a bank: title, catalogue, price or points, cover, remark, open or not. */
export function RepoEditDialog({ id, visible, onClose, onSaved }: Props) {
  const [form] = Form.useForm<RepoSaveReq>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    if (id) void post<RepoDetail>(RepoCalls.detail.url, { id }).then((d) => form.setFieldsValue(d));
  }, [visible, id, form]);
  const save = async () => {
    const values = await form.validate();
    setBusy(true);
    try {
      await post(RepoCalls.save.url, { ...values, id });
      Message.success('题库保存成功！');
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={id ? '编辑题库' : '新增题库'} visible={visible} onCancel={onClose} onOk={save} confirmLoading={busy} style={{ width: 640 }} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={{ price: 0, points: 0, isOpen: true }}>
        <Form.Item label="题库名称" field="title" rules={[{ required: true, message: '题库名称不能为空！' }]}><Input maxLength={100} /></Form.Item>
        <Form.Item label="题库分类" field="catId"><DictSelect dicCode="repo_catalog" allowClear /></Form.Item>
        <Form.Item label="价格(元)" field="price"><InputNumber min={0} precision={2} /></Form.Item>
        <Form.Item label="积分" field="points"><InputNumber min={0} precision={0} /></Form.Item>
        <Form.Item label="封面" field="cover"><ImageUpload /></Form.Item>
        <Form.Item label="是否公开" field="isOpen" triggerPropName="checked"><Switch /></Form.Item>
        <Form.Item label="仅考试使用" field="examOnly" triggerPropName="checked" extra="开启后学员不能训练或查看本题库，只供考试抽题"><Switch /></Form.Item>
        <Form.Item label="备注" field="remark"><Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} /></Form.Item>
      </Form>
    </Modal>
  );
}
