import { type KeyValue, hit, tooMany } from '@exam/server-kit';
import svgCaptcha from 'svg-captcha';

const TTL_SEC = 300;
export const CAPTCHA_WRONG_MSG = '验证码错误或已失效，请点击图片刷新验证码！';
/** Captcha images drawn and answers checked per address and minute: stops floods, not a classroom behind one address. */
export const CAPTCHA_PER_IP_MINUTE = 200;
const key = (k: string) => `captcha:${k}`;

/**
 * Graphic captchas kept server-side by the client's key. A right answer may be checked again (the form
 * checks before it submits), a wrong one spends the image, and a use always consumes it: each image
 * allows one guess.
 */
export function createCaptchas(kv: KeyValue, onGenerate?: (captchaKey: string, text: string) => Promise<void>) {
  return {
    async generate(captchaKey: string): Promise<string> {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', color: true, background: '#f4f6fa' });
      await kv.set(key(captchaKey), c.text.toLowerCase(), TTL_SEC);
      await onGenerate?.(captchaKey, c.text.toLowerCase());
      return c.data;
    },
    async check(captchaKey: string, value: string): Promise<boolean> {
      const expected = await kv.get(key(captchaKey));
      const right = !!expected && expected === value.trim().toLowerCase();
      if (expected && !right) await kv.delIfEquals(key(captchaKey), expected);
      return right;
    },
    /** Only the request that removes the stored answer may use it: parallel uses of one image cannot both pass. */
    async consume(captchaKey: string, value: string): Promise<boolean> {
      const expected = await kv.get(key(captchaKey));
      if (!expected) return false;
      const removed = await kv.delIfEquals(key(captchaKey), expected);
      return removed && expected === value.trim().toLowerCase();
    },
  };
}
export type Captchas = ReturnType<typeof createCaptchas>;

/** Counts one image drawn (`gen`) or answer checked (`check`) for the address; 429 past the minute's limit. */
export async function limitCaptchaIp(kv: KeyValue, ip: string, what: 'gen' | 'check') {
  if (!(await hit(kv, `captcha:${what}:${ip}`, CAPTCHA_PER_IP_MINUTE, 60))) throw tooMany();
}
