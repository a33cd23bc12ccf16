import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result, Select } from '@arco-design/web-react';
import { Link } from '@exam/router';
import { call, Code } from '@exam/api';
import { AccountCalls, type RegOptions } from '@exam/contracts';
import { CAPTCHA_WRONG_MSG } from '@exam/ui';
import { arcoRule, checkDeptCode, checkRealName, checkUserName } from '@exam/validators';
import { LOGIN_PATH } from '../guard/access';
import { AccountCard, NewPasswordFields, SignInNext } from './AccountFormParts';
import { CaptchaField, newCaptchaKey } from './CaptchaField';
import { errorInfo, linkStyle } from './loginShared';

type RegForm = {
  userName: string;
  realName: string;
  password: string;
  password2: string;
  deptCode?: string;
  captchaValue: string;
};

const DONE = {
  0: '注册成功，请使用新账号登录！',
  2: '注册成功，您的账号需要管理员审核，审核通过后即可登录！',
} as Record<number, string>;

/** 学员注册 (spec admin §4): open while userReg is on; with userAudit the account waits for review. */
export function RegisterPage() {
  const [form] = Form.useForm<RegForm>();
  const [options, setOptions] = useState<RegOptions>();
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [state, setState] = useState<number>();

  useEffect(() => {
    call(AccountCalls.regOptions, {}).then(setOptions, () => undefined);
  }, []);

  const submit = async ({ password2: _, captchaValue, ...values }: RegForm) => {
    setLoading(true);
    setError('');
    try {
      const res = await call(AccountCalls.reg, { ...values, captchaKey, captchaValue }, { silent: true });
      setState(res.state);
    } catch (e) {
      const { code, msg } = errorInfo(e, '注册失败！');
      setError(code === Code.CAPTCHA_WRONG ? CAPTCHA_WRONG_MSG : msg);
      setCaptchaKey(newCaptchaKey());
      form.setFieldValue('captchaValue', '');
    } finally {
      setLoading(false);
    }
  };

  const back = (
    <Link to={LOGIN_PATH} style={linkStyle}>
      返回登录
    </Link>
  );
  if (state !== undefined) return <SignInNext title={DONE[state] ?? DONE[0]} />;
  if (options && !options.userReg) return <Result status="warning" title="系统未开放注册！" extra={back} />;
  return (
    <AccountCard title="学员注册" form={form} onSubmit={submit}>
      <Form.Item field="userName" rules={[{ validator: arcoRule(checkUserName) }]}>
        <Input size="large" placeholder="用户名（4-32位数字、英文、下划线）" maxLength={32} />
      </Form.Item>
      <Form.Item field="realName" rules={[{ validator: arcoRule(checkRealName) }]}>
        <Input size="large" placeholder="姓名" maxLength={64} />
      </Form.Item>
      {options?.userDeptType === 0 && (
        <Form.Item field="deptCode" rules={[{ validator: arcoRule(checkDeptCode) }]}>
          <Select
            size="large"
            placeholder="所属部门"
            showSearch
            options={options.departs.map((d) => ({ label: d.deptName, value: d.deptCode }))}
          />
        </Form.Item>
      )}
      <NewPasswordFields placeholder="密码" />
      <CaptchaField captchaKey={captchaKey} onRefresh={() => setCaptchaKey(newCaptchaKey())} />
      {options?.userAudit && (
        <Alert type="info" content="注册后需要管理员审核，审核通过后方可登录。" style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" long size="large" loading={loading}>
        注册
      </Button>
      <div style={{ marginTop: 16 }}>已有账号？{back}</div>
    </AccountCard>
  );
}
