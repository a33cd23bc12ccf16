import { Form, Input } from '@arco-design/web-react';
import { captchaImageUrl, newCaptchaKey } from '@exam/ui';

export { newCaptchaKey };

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
            src={captchaImageUrl(captchaKey)}
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
