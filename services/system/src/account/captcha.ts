import type { KeyValue } from '@exam/server-kit';
import svgCaptcha from 'svg-captcha';

const TTL_SEC = 300;
const key = (k: string) => `captcha:${k}`;

/** Graphic captchas kept server-side by the client's key; a check may be repeated, a use consumes it. */
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
      return !!expected && expected === value.trim().toLowerCase();
    },
    async consume(captchaKey: string, value: string): Promise<boolean> {
      const okay = await this.check(captchaKey, value);
      await kv.del(key(captchaKey)); // one try per image, right or wrong
      return okay;
    },
  };
}
export type Captchas = ReturnType<typeof createCaptchas>;
