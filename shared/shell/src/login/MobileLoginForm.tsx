import { useState } from 'react';
import { Alert, Button, Form } from '@arco-design/web-react';
import { call, setToken } from '@exam/api';
import { AccountCalls, type LoginReq } from '@exam/contracts';
import { login, useAppDispatch } from '@exam/store';
import { MobileCodeFields } from './MobileCodeFields';
import { errorInfo } from './loginShared';
import { useGoOnAfterSignIn } from './useGoOn';

interface MobileForm {
  mobile: string;
  smsCode: string;
}

/** Mobile + SMS code sign-in (site switch mobileLogin); the server applies the password sign-in's account checks. */
export function MobileLoginForm() {
  const [form] = Form.useForm<MobileForm>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const goOn = useGoOnAfterSignIn();

  const submit = async (values: MobileForm) => {
    setLoading(true);
    setError('');
    try {
      const res = await call(AccountCalls.mobileLogin, values, { silent: true });
      setToken(res.token);
      // The session slice learns the token the way a password sign-in tells it.
      dispatch(login.fulfilled(res, 'mobile-login', {} as LoginReq));
      goOn();
    } catch (e) {
      setError(errorInfo(e).msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onSubmit={submit}>
      <MobileCodeFields smsType="login" placeholder="手机号" />
      {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" long size="large" loading={loading}>
        登录
      </Button>
    </Form>
  );
}
