import { type BodyOf, type AccountCalls, Code } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, conflict, unauthorized } from '@exam/server-kit';
import { checkGraphicCaptcha, checkMobile } from '@exam/validators';
import { CAPTCHA_WRONG_MSG, type Captchas } from '../account/captcha';
import { switchesOf } from '../config/switches';
import { mobileOwner } from '../uc/bind-repository';
import type { SmsCodes } from './sms-codes';

/** `/api/sys/user/sms`: the graphic captcha first, then what the code is for, then the send limits. */
export function smsService({ db, captchas, codes }: { db: Db; captchas: Captchas; codes: SmsCodes }) {
  return {
    async send(body: BodyOf<typeof AccountCalls.sms>, me: AuthUser | null, ip: string) {
      const { smsType, mobile, captchaKey, captchaValue } = body;
      const bad = checkMobile(mobile) ?? checkGraphicCaptcha(captchaValue);
      if (bad) throw badRequest(bad);
      if (!(await captchas.consume(captchaKey, captchaValue))) throw badRequest(CAPTCHA_WRONG_MSG, Code.CAPTCHA_WRONG);
      const owner = await mobileOwner(db, mobile);
      if (smsType === 'login' || smsType === 'forgot') {
        if (smsType === 'login' && !(await switchesOf(db)).mobileLogin) throw badRequest('系统未开启手机号登录！');
        if (!owner) throw badRequest('该手机号未绑定任何账号！');
      } else {
        // bind and unbind act on the signed-in user's own account.
        if (!me) throw unauthorized();
        if (smsType === 'bind' && owner)
          throw conflict(owner === me.id ? '该手机号已绑定到当前账号！' : '该手机号已被其他账号绑定！');
        if (smsType === 'unbind' && owner !== me.id) throw badRequest('该手机号不是当前账号绑定的手机号！');
      }
      await codes.send(smsType, mobile, ip);
    },
  };
}
