import { useState } from 'react';
import { Alert, Button, Form, Input } from '@arco-design/web-react';
import { Code } from '@exam/api';
import { login, useAppDispatch } from '@exam/store';
import { CAPTCHA_WRONG_MSG } from '@exam/ui';
import { CaptchaField, newCaptchaKey } from './CaptchaField';
import { errorInfo } from './loginShared';
import { useGoOnAfterSignIn } from './useGoOn';

interface LoginForm {
  username: string;
  password: string;
  captchaValue?: string;
}

/** Password sign-in; the captcha appears once the server asks for it (90010002, 90010003). */
export function PasswordLoginForm() {
  const [form] = Form.useForm<LoginForm>();
  const [captchaKey, setCaptchaKey] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const goOn = useGoOnAfterSignIn();

  const submit = async (values: LoginForm) => {
    setLoading(true);
    setError('');
    try {
      const captcha = captchaKey ? { captchaKey, captchaValue: values.captchaValue } : {};
      await dispatch(login({ username: values.username, password: values.password, ...captcha })).unwrap();
      goOn();
    } catch (e) {
      const { code, msg } = errorInfo(e);
      const needsCaptcha = code === Code.CAPTCHA_REQUIRED || code === Code.CAPTCHA_WRONG;
      // A used captcha is spent on the server: show a fresh one after every failed attempt.
      if (needsCaptcha || captchaKey) {
        setCaptchaKey(newCaptchaKey());
        form.setFieldValue('captchaValue', '');
      }
      setError(code === Code.CAPTCHA_WRONG ? CAPTCHA_WRONG_MSG : msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={submit} autoComplete="on">
      <Form.Item field="username" rules={[{ required: true, message: '账号不能为空！' }]}>
        <Input size="large" placeholder="账号" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item field="password" rules={[{ required: true, message: '密码不能为空！' }]}>
        <Input.Password size="large" placeholder="密码" autoComplete="current-password" maxLength={128} />
      </Form.Item>
      {captchaKey && <CaptchaField captchaKey={captchaKey} onRefresh={() => setCaptchaKey(newCaptchaKey())} />}
      {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" long size="large" loading={loading}>
        登录
      </Button>
    </Form>
  );
}
