import { useEffect, useState } from 'react';
import { Form, Message, Modal, Spin, Tabs } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { UserDetail, UserSaveReq } from '@exam/contracts';
import { UserBasicForm } from './UserBasicForm';
import { UserBinds } from './UserBinds';

export interface UserDialogProps {
  /** undefined: closed; '': a new user; otherwise the id being edited. */
  userId: string | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** User edit dialog (spec admin §2): tabs 基本信息 and, for existing users, 账号绑定. */
export function UserDialog({ userId, onClose, onSaved }: UserDialogProps) {
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const creating = userId === '';

  useEffect(() => {
    if (userId === undefined) return;
    form.resetFields();
    if (!userId) return;
    setLoading(true);
    post<UserDetail>('/api/sys/user/detail', { id: userId })
      .then((u) => form.setFieldsValue({ ...u, password: '', expireTime: u.expireTime || undefined }))
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [userId, form, onClose]);

  const save = async () => {
    const values = (await form.validate()) as UserSaveReq;
    setSaving(true);
    try {
      await post('/api/sys/user/save', { ...values, id: userId || undefined, expireTime: values.expireTime || '' });
      Message.success('用户保存成功!');
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={creating ? '新增用户' : '修改用户'}
      visible={userId !== undefined}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      style={{ width: 720 }}
      unmountOnExit
    >
      <Spin loading={loading} style={{ display: 'block' }}>
        <Tabs defaultActiveTab="basic">
          <Tabs.TabPane key="basic" title="基本信息">
            <UserBasicForm form={form} creating={creating} />
          </Tabs.TabPane>
          {!creating && userId && (
            <Tabs.TabPane key="bind" title="账号绑定">
              <UserBinds userId={userId} />
            </Tabs.TabPane>
          )}
        </Tabs>
      </Spin>
    </Modal>
  );
}
