import type { ReactNode } from 'react';
import { Button, Card, Form, type FormInstance, Input, Result } from '@arco-design/web-react';
import { Link } from '@exam/router';
import { arcoRule, checkPassword } from '@exam/validators';
import { LOGIN_PATH } from '../guard/access';
import { cardStyle } from './loginShared';

/** The account pages' frame (register, forgot password): a card holding one vertical form. */
export function AccountCard<T>(props: {
  title: string;
  form: FormInstance<T>;
  onSubmit: (values: T) => void;
  children: ReactNode;
}) {
  return (
    <Card style={cardStyle} title={props.title} bordered={false}>
      <Form form={props.form} layout="vertical" onSubmit={props.onSubmit} autoComplete="off">
        {props.children}
      </Form>
    </Card>
  );
}

/** A new password typed twice (register, forgot password): the password policy, then the same text again. */
export function NewPasswordFields({ placeholder }: { placeholder: string }) {
  const { form } = Form.useFormContext();
  const samePassword = (v: unknown, cb: (e?: string) => void) =>
    cb(v === form.getFieldValue('password') ? undefined : '两次输入的密码不一致！');
  return (
    <>
      <Form.Item field="password" rules={[{ validator: arcoRule(checkPassword) }]}>
        <Input.Password size="large" placeholder={placeholder} autoComplete="new-password" maxLength={60} />
      </Form.Item>
      <Form.Item field="password2" rules={[{ validator: samePassword }]}>
        <Input.Password size="large" placeholder={`确认${placeholder}`} autoComplete="new-password" maxLength={60} />
      </Form.Item>
    </>
  );
}

/** The account is ready (registered, password reset): say so, and offer to sign in. */
export function SignInNext({ title }: { title: string }) {
  return (
    <Result
      status="success"
      title={title}
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">去登录</Button>
        </Link>
      }
    />
  );
}
