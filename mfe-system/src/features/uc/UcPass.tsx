import { useState } from 'react';
import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { setToken } from '@exam/api';
import type { LoginReq } from '@exam/contracts';
import { login, useAppDispatch } from '@exam/store';
import { arcoRule, checkPassword, required } from '@exam/validators';
import { UcFrame } from './UcFrame';
import { useUcUpdatePassMutation } from './ucApi';

type PassForm = { oldPassword: string; password: string; password2: string };

/** 密码安全: change the password; the server ends every other session and hands this one a new token. */
export default function UcPass() {
  const [form] = Form.useForm<PassForm>();
  const [saving, setSaving] = useState(false);
  const dispatch = useAppDispatch();
  const [updatePass] = useUcUpdatePassMutation();

  const save = async ({ oldPassword, password }: PassForm) => {
    setSaving(true);
    try {
      const res = await updatePass({ oldPassword, password }).unwrap();
      setToken(res.token);
      dispatch(login.fulfilled(res, 'update-pass', {} as LoginReq));
      form.resetFields();
      Message.success('密码修改成功，其他设备上的登录已失效！');
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  const same = (v: unknown, cb: (e?: string) => void) =>
    cb(v === form.getFieldValue('password') ? undefined : '两次输入的密码不一致！');

  return (
    <UcFrame title="密码安全">
      <Alert
        style={{ marginBottom: 16, maxWidth: 720 }}
        content="密码长度应为8-60位，且包含大写字母、小写字母、数字、特殊字符其中三种。修改后其他设备上的登录将失效。"
      />
      <Form
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onSubmit={save}
        style={{ maxWidth: 720 }}
        autoComplete="off"
      >
        <Form.Item label="原密码" field="oldPassword" rules={[{ validator: arcoRule(required('原密码不能为空！')) }]}>
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" field="password" rules={[{ validator: arcoRule(checkPassword) }]}>
          <Input.Password maxLength={60} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" field="password2" rules={[{ validator: same }]}>
          <Input.Password maxLength={60} autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </UcFrame>
  );
}
