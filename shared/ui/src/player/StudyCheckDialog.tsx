import { useEffect, useState } from 'react';
import { Input, Message, Modal, Typography } from '@arco-design/web-react';
import { Calls } from '@exam/contracts';
import { api, mutationCall } from '@exam/store';
import { CAPTCHA_WRONG_MSG, captchaImageUrl, newCaptchaKey } from '../sms/captcha';

// Silent: a wrong or failed check shows the one message of the spec, not the server's as well.
const captchaApi = api.injectEndpoints({
  endpoints: (build) => ({ captchaCheck: mutationCall(build, Calls.captchaCheck, { silent: true }) }),
});

export const CAPTCHA_EMPTY_MSG = '验证码不能为空！';

export interface StudyCheckDialogProps {
  open: boolean;
  /** Seconds left before the learner is sent away. */
  graceLeft: number;
  onPass: () => void;
}

/** 学习检测 (spec §4): type the captcha within the grace period; a wrong one gets a fresh image. */
export function StudyCheckDialog({ open, graceLeft, onPass }: StudyCheckDialogProps) {
  const [key, setKey] = useState(newCaptchaKey);
  const [value, setValue] = useState('');
  const [check, { isLoading }] = captchaApi.useCaptchaCheckMutation();
  const renew = () => {
    setKey(newCaptchaKey());
    setValue('');
  };
  // Every opening shows a fresh image: the previous key may have been used or expired.
  useEffect(() => {
    if (open) renew();
  }, [open]);

  const confirm = async () => {
    if (!value.trim()) return void Message.error(CAPTCHA_EMPTY_MSG);
    const ok = await check({ captchaKey: key, captchaValue: value.trim() })
      .unwrap()
      .catch(() => false);
    if (ok) return onPass();
    Message.error(CAPTCHA_WRONG_MSG);
    renew();
  };

  return (
    <Modal
      title="学习检测"
      visible={open}
      closable={false}
      maskClosable={false}
      escToExit={false}
      okText="确认"
      hideCancel
      confirmLoading={isLoading}
      onOk={confirm}
    >
      <Typography.Paragraph>
        请输入下方验证码以继续学习，剩余{' '}
        <Typography.Text type="error" bold>
          {graceLeft}
        </Typography.Text>{' '}
        秒。
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Input
          autoFocus
          placeholder="请输入验证码"
          value={value}
          maxLength={8}
          onChange={setValue}
          onPressEnter={confirm}
          style={{ flex: 1 }}
        />
        <img
          src={captchaImageUrl(key)}
          alt="验证码"
          title="点击刷新"
          onClick={renew}
          style={{ height: 32, cursor: 'pointer', borderRadius: 4 }}
        />
      </div>
    </Modal>
  );
}
