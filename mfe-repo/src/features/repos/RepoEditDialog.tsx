import { Form, Input, InputNumber, Switch } from '@arco-design/web-react';
import type { RepoSaveReq } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { DictSelect, EditDialog, ImageUpload } from '@exam/ui';
import { useRepoDetailQuery, useRepoSaveMutation } from './repoApi';

type Props = { id?: string; visible: boolean; onClose: () => void; onSaved: () => void };
const NEW_REPO: Partial<RepoSaveReq> = { price: 0, points: 0, isOpen: true };

/** Creates or edits a bank: title, catalogue, price or points, cover, remark, open or not. */
export function RepoEditDialog({ id, visible, onClose, onSaved }: Props) {
  const detail = useRepoDetailQuery(visible && id ? { id } : skipToken, { refetchOnMountOrArgChange: true });
  const [save] = useRepoSaveMutation();
  return (
    <EditDialog<RepoSaveReq>
      title={id ? '编辑题库' : '新增题库'}
      visible={visible}
      onClose={onClose}
      onSaved={onSaved}
      style={{ width: 640 }}
      initial={id ? detail.currentData : NEW_REPO}
      loading={!!id && detail.isFetching}
      failed={!!id && detail.isError}
      onSave={(v) => save({ ...v, id }).unwrap()}
      success="题库保存成功！"
    >
      <Form.Item label="题库名称" field="title" rules={[{ required: true, message: '题库名称不能为空！' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="题库分类" field="catId">
        <DictSelect dicCode="repo_catalog" allowClear />
      </Form.Item>
      <Form.Item label="价格(元)" field="price">
        <InputNumber min={0} precision={2} />
      </Form.Item>
      <Form.Item label="积分" field="points">
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Form.Item label="封面" field="cover">
        <ImageUpload />
      </Form.Item>
      <Form.Item label="是否公开" field="isOpen" triggerPropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        label="仅考试使用"
        field="examOnly"
        triggerPropName="checked"
        extra="开启后学员不能训练或查看本题库，只供考试抽题"
      >
        <Switch />
      </Form.Item>
      <Form.Item label="备注" field="remark">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </EditDialog>
  );
}
