import { useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import type { InitReq } from '@exam/contracts';
import { fetchInfo, selectUser, useAppDispatch, useAppSelector } from '@exam/store';
import { arcoRule, checkUserName, required } from '@exam/validators';
import { UcFrame } from './UcFrame';
import { useUcInitMutation } from './ucApi';

/** 修改账号: a new user name, confirmed with the current password. */
export default function UcInit() {
  const user = useAppSelector(selectUser);
  const [saving, setSaving] = useState(false);
  const dispatch = useAppDispatch();
  const [init] = useUcInitMutation();

  const save = async (values: InitReq) => {
    setSaving(true);
    try {
      await init(values).unwrap();
      Message.success('账号修改成功，请使用新账号登录！');
      dispatch(fetchInfo());
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <UcFrame title="修改账号">
      <Form
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onSubmit={save}
        style={{ maxWidth: 720 }}
        autoComplete="off"
        initialValues={{ userName: user?.userName }}
      >
        <Form.Item label="新账号" field="userName" rules={[{ validator: arcoRule(checkUserName) }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item label="当前密码" field="password" rules={[{ validator: arcoRule(required('密码不能为空！')) }]}>
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </UcFrame>
  );
}
