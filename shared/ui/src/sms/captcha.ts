import { apiUrl } from '@exam/api';
import { CAPTCHA_IMAGE_PATH } from '@exam/contracts';

/** A captcha key the server keys the image by; getRandomValues works on plain http too. */
export function newCaptchaKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const captchaImageUrl = (captchaKey: string) =>
  apiUrl(`${CAPTCHA_IMAGE_PATH}?key=${encodeURIComponent(captchaKey)}`);

export const CAPTCHA_WRONG_MSG = '验证码错误或已失效，请点击图片刷新验证码！';
