import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result } from '@arco-design/web-react';
import { Link } from '@exam/router';
import { AccountCalls } from '@exam/contracts';
import { api, mutationCall } from '@exam/store';
import { SmsCodeButton } from '@exam/ui';
import { arcoRule, checkMobile, checkPassword, checkSmsCode } from '@exam/validators';
import { LOGIN_PATH } from '../guard/access';
import { cardStyle, errorInfo, linkStyle } from './loginShared';

type ForgotForm = { mobile: string; smsCode: string; password: string; password2: string };

/** Silent: the page shows the reason in its own alert. */
const forgotApi = api.injectEndpoints({
  endpoints: (b) => ({ forgotPass: mutationCall(b, AccountCalls.forgotPass, { silent: true }) }),
});

/** 找回密码: a code sent to the account's bound mobile sets a new password (AccountCalls.forgotPass). */
export function ForgotPage() {
  const [form] = Form.useForm<ForgotForm>();
  const [error, setError] = useState('');
  const [forgotPass, { isLoading: loading }] = forgotApi.useForgotPassMutation();
  const [done, setDone] = useState(false);

  const submit = async ({ password2: _, ...values }: ForgotForm) => {
    setError('');
    try {
      await forgotPass(values).unwrap();
      setDone(true);
    } catch (e) {
      setError(errorInfo(e, '重置失败！').msg);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title="密码重置成功，请使用新密码登录！"
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    );
  }
  const samePassword = (v: unknown, cb: (e?: string) => void) =>
    cb(v === form.getFieldValue('password') ? undefined : '两次输入的密码不一致！');
  const getMobile = async () => (await form.validate(['mobile'])).mobile;

  return (
    <Card style={cardStyle} title="找回密码" bordered={false}>
      <Form form={form} layout="vertical" onSubmit={submit} autoComplete="off">
        <Form.Item field="mobile" rules={[{ validator: arcoRule(checkMobile) }]}>
          <Input size="large" placeholder="绑定的手机号" maxLength={11} />
        </Form.Item>
        <Form.Item field="smsCode" rules={[{ validator: arcoRule(checkSmsCode) }]}>
          <Input
            size="large"
            placeholder="短信验证码"
            maxLength={6}
            addAfter={<SmsCodeButton smsType="forgot" getMobile={getMobile} />}
          />
        </Form.Item>
        <Form.Item field="password" rules={[{ validator: arcoRule(checkPassword) }]}>
          <Input.Password size="large" placeholder="新密码" autoComplete="new-password" maxLength={60} />
        </Form.Item>
        <Form.Item field="password2" rules={[{ validator: samePassword }]}>
          <Input.Password size="large" placeholder="确认新密码" autoComplete="new-password" maxLength={60} />
        </Form.Item>
        {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" long size="large" loading={loading}>
          重置密码
        </Button>
        <div style={{ marginTop: 16 }}>
          <Link to={LOGIN_PATH} style={linkStyle}>
            返回登录
          </Link>
        </div>
      </Form>
    </Card>
  );
}
