import { Form, Input } from '@arco-design/web-react';
import { apiUrl } from '@exam/api';

/** A captcha key the server keys the image by; getRandomValues works on plain http too. */
export function newCaptchaKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Props {
  captchaKey: string;
  onRefresh: () => void;
}

/** Graphic captcha input with its image; clicking the image fetches a new one. */
export function CaptchaField({ captchaKey, onRefresh }: Props) {
  return (
    <Form.Item field="captchaValue" rules={[{ required: true, message: '验证码不能为空！' }]}>
      <Input
        size="large"
        placeholder="验证码"
        maxLength={16}
        autoComplete="off"
        addAfter={
          <img
            src={apiUrl(`/api/common/captcha/gen?key=${captchaKey}`)}
            alt="验证码"
            title="看不清？点击刷新"
            onClick={onRefresh}
            style={{ height: 34, cursor: 'pointer', display: 'block' }}
          />
        }
      />
    </Form.Item>
  );
}
