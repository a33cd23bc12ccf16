import { useState } from 'react';
import { Alert, Button, Form } from '@arco-design/web-react';
import { Link } from '@exam/router';
import { AccountCalls } from '@exam/contracts';
import { api, mutationCall } from '@exam/store';
import { LOGIN_PATH } from '../guard/access';
import { AccountCard, NewPasswordFields, SignInNext } from './AccountFormParts';
import { MobileCodeFields } from './MobileCodeFields';
import { errorInfo, linkStyle } from './loginShared';

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

  if (done) return <SignInNext title="密码重置成功，请使用新密码登录！" />;
  return (
    <AccountCard title="找回密码" form={form} onSubmit={submit}>
      <MobileCodeFields smsType="forgot" placeholder="绑定的手机号" />
      <NewPasswordFields placeholder="新密码" />
      {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" long size="large" loading={loading}>
        重置密码
      </Button>
      <div style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH} style={linkStyle}>
          返回登录
        </Link>
      </div>
    </AccountCard>
  );
}
