import { Form, Input } from '@arco-design/web-react';
import type { SmsType } from '@exam/contracts';
import { SmsCodeButton } from '@exam/ui';
import { arcoRule, checkMobile, checkSmsCode } from '@exam/validators';

/** A mobile and the SMS code sent to it for `smsType` (mobile sign-in, forgot password). */
export function MobileCodeFields({ smsType, placeholder }: { smsType: SmsType; placeholder: string }) {
  const { form } = Form.useFormContext();
  const getMobile = async () => (await form.validate(['mobile'])).mobile as string | undefined;
  return (
    <>
      <Form.Item field="mobile" rules={[{ validator: arcoRule(checkMobile) }]}>
        <Input size="large" placeholder={placeholder} maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item field="smsCode" rules={[{ validator: arcoRule(checkSmsCode) }]}>
        <Input
          size="large"
          placeholder="短信验证码"
          maxLength={6}
          autoComplete="one-time-code"
          addAfter={<SmsCodeButton smsType={smsType} getMobile={getMobile} />}
        />
      </Form.Item>
    </>
  );
}
