import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from '@arco-design/web-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Code } from '@exam/api';
import { login, useAppDispatch } from '@exam/store';
import { redirectAfterLogin } from '../guard/access';
import { CaptchaField, newCaptchaKey } from './CaptchaField';

interface LoginForm {
  username: string;
  password: string;
  captchaValue?: string;
}

const linkStyle = { color: 'rgb(var(--primary-6))', textDecoration: 'none' };
const CAPTCHA_WRONG_MSG = '验证码错误或已失效，请点击图片刷新验证码！';

/** Reads code and message from whatever the thunk rejected with (ApiError or its serialized form). */
function errorInfo(e: unknown): { code: number; msg: string } {
  const err = (e ?? {}) as { code?: unknown; msg?: unknown; message?: unknown; payload?: { code?: unknown; msg?: unknown } };
  const code = Number(err.code ?? err.payload?.code ?? NaN);
  const msg = String(err.msg ?? err.payload?.msg ?? err.message ?? '登录失败！');
  return { code, msg };
}

/** Password sign-in; the captcha appears once the server asks for it (90010002, 90010003). */
export function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [captchaKey, setCaptchaKey] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();

  const submit = async (values: LoginForm) => {
    setLoading(true);
    setError('');
    try {
      const captcha = captchaKey ? { captchaKey, captchaValue: values.captchaValue } : {};
      await dispatch(login({ username: values.username, password: values.password, ...captcha })).unwrap();
      navigate(redirectAfterLogin(search), { replace: true });
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
    <Card style={{ width: 380, maxWidth: '100%' }} title="用户登录" bordered={false}>
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
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/pages/login/register" style={linkStyle}>学员注册</Link>
          <Link to="/pages/login/forgot" style={linkStyle}>忘记密码？</Link>
        </div>
      </Form>
    </Card>
  );
}
