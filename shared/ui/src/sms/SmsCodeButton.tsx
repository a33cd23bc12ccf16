import { useState } from 'react';
import { Button, Input, Message, Popover, Space } from '@arco-design/web-react';
import { Code, type SmsType } from '@exam/contracts';
import type { CallError } from '@exam/store';
import { checkGraphicCaptcha } from '@exam/validators';
import { CAPTCHA_WRONG_MSG, captchaImageUrl, newCaptchaKey } from './captcha';
import { useSmsSendMutation } from './smsApi';
import { useCountdown } from './useCountdown';

/** Spec admin §9: after a code is sent, resending waits 60 seconds. */
export const SMS_RESEND_SEC = 60;

export interface SmsCodeButtonProps {
  smsType: SmsType;
  /** Validates the form's mobile field and returns it; undefined (or a throw) keeps the popover shut. */
  getMobile: () => Promise<string | undefined>;
}

/**
 * 获取验证码: the mobile is checked first, then a popover asks for the graphic captcha, then the
 * code is sent (AccountCalls.sms, through the shared api) and the button counts down 60 s (spec admin §4, §5).
 */
export function SmsCodeButton({ smsType, getMobile }: SmsCodeButtonProps) {
  const [mobile, setMobile] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaValue, setCaptchaValue] = useState('');
  const [sendSms, { isLoading: sending }] = useSmsSendMutation();
  const { left, start } = useCountdown();

  const open = async () => {
    const m = await getMobile().catch(() => undefined);
    if (!m) return;
    setMobile(m);
    setCaptchaValue('');
    setCaptchaKey(newCaptchaKey());
  };
  const close = () => setMobile(undefined);

  const send = async () => {
    const bad = checkGraphicCaptcha(captchaValue);
    if (bad) return Message.warning(bad);
    if (!mobile) return;
    try {
      await sendSms({ smsType, mobile, captchaKey, captchaValue }).unwrap();
      Message.success('短信发送成功，请查收手机短信！');
      close();
      start(SMS_RESEND_SEC);
    } catch (e) {
      const err = e as CallError;
      Message.error(err.code === Code.CAPTCHA_WRONG ? CAPTCHA_WRONG_MSG : err.msg);
      // The captcha was spent on the server either way.
      setCaptchaKey(newCaptchaKey());
      setCaptchaValue('');
    }
  };

  const content = (
    <Space direction="vertical" style={{ width: 220 }}>
      <img
        src={captchaKey ? captchaImageUrl(captchaKey) : undefined}
        alt="图形验证码"
        title="看不清？点击刷新"
        onClick={() => setCaptchaKey(newCaptchaKey())}
        style={{ height: 40, cursor: 'pointer' }}
      />
      <Input
        placeholder="图形验证码"
        value={captchaValue}
        onChange={setCaptchaValue}
        maxLength={16}
        onPressEnter={send}
        autoFocus
      />
      <Button type="primary" long loading={sending} onClick={send}>
        发送验证码
      </Button>
    </Space>
  );

  return (
    <Popover
      trigger="click"
      title="请输入图形验证码"
      content={content}
      popupVisible={Boolean(mobile)}
      onVisibleChange={(v) => !v && close()}
      position="bottom"
    >
      <Button disabled={left > 0} onClick={open} style={{ width: 112 }}>
        {left > 0 ? `${left}秒后重发` : '获取验证码'}
      </Button>
    </Popover>
  );
}
