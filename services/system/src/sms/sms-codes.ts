import { randomInt } from 'node:crypto';
import { Code, type SmsType } from '@exam/contracts';
import { AppError, type KeyValue, badRequest, hit, newToken, tooMany } from '@exam/server-kit';
import type { SmsProvider } from './sms-provider';

/** Spec admin §9 (resend wait 60 s) and decisions.md (expiry, tries, daily caps). */
export const SMS_LIMITS = { ttlSec: 300, resendSec: 60, maxTries: 5, perMobileDay: 10, perIpDay: 50 };
export const SMS_CODE_WRONG = '短信验证码错误或已失效，请重新获取！';

/** `id` names this code's try counter: a new code starts from zero tries. */
type Stored = { code: string; expiresAt: number; id: string };
const codeKey = (type: SmsType, mobile: string) => `sms:code:${type}:${mobile}`;

/**
 * Verification codes: 6 digits, one per purpose and mobile, valid 5 minutes, single use, and dropped
 * after a few wrong tries (so 6 digits cannot be guessed). Sending is limited per mobile and per IP.
 */
export function createSmsCodes(deps: { kv: KeyValue; provider: SmsProvider }) {
  const { kv, provider } = deps;
  return {
    async send(type: SmsType, mobile: string, ip: string): Promise<void> {
      if (!(await kv.setNx(`sms:wait:${mobile}`, '1', SMS_LIMITS.resendSec * 1000))) {
        throw tooMany(`短信发送过于频繁，请${SMS_LIMITS.resendSec}秒后再试！`);
      }
      if (!(await hit(kv, `sms:day:m:${mobile}`, SMS_LIMITS.perMobileDay, 86400)))
        throw tooMany('该手机号今日获取短信验证码次数已达上限，请明天再试！');
      if (!(await hit(kv, `sms:day:ip:${ip}`, SMS_LIMITS.perIpDay, 86400)))
        throw tooMany('今日获取短信验证码次数已达上限，请明天再试！');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored: Stored = { code, expiresAt: Date.now() + SMS_LIMITS.ttlSec * 1000, id: newToken() };
      await kv.set(codeKey(type, mobile), JSON.stringify(stored), SMS_LIMITS.ttlSec);
      try {
        await provider.sendCode(mobile, code);
      } catch {
        await kv.del(codeKey(type, mobile), `sms:wait:${mobile}`);
        throw new AppError(502, Code.SERVER_ERROR, '短信发送失败，请稍后再试！');
      }
    },

    /**
     * Spends the code: passes once for the right code. Each try is counted before the comparison in one
     * atomic increment, so parallel guesses get at most `maxTries` comparisons; the code is then dropped.
     */
    async consume(type: SmsType, mobile: string, code: string): Promise<void> {
      const key = codeKey(type, mobile);
      const raw = await kv.get(key);
      const stored = raw ? (JSON.parse(raw) as Stored) : undefined;
      if (!raw || !stored || stored.expiresAt < Date.now()) throw badRequest(SMS_CODE_WRONG);
      const tries = await kv.incr(`sms:tries:${stored.id}`, SMS_LIMITS.ttlSec);
      if (tries > SMS_LIMITS.maxTries) {
        await kv.delIfEquals(key, raw);
        throw badRequest(SMS_CODE_WRONG);
      }
      if (stored.code !== code.trim()) {
        if (tries >= SMS_LIMITS.maxTries) await kv.delIfEquals(key, raw);
        throw badRequest(SMS_CODE_WRONG);
      }
      // Only the request that removes the stored value may use it: two at once cannot both pass.
      if (!(await kv.delIfEquals(key, raw))) throw badRequest(SMS_CODE_WRONG);
    },
  };
}
export type SmsCodes = ReturnType<typeof createSmsCodes>;
