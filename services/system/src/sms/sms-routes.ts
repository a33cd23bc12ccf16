import { AccountCalls, Code } from '@exam/contracts';
import { badRequest, conflict, route, userOf } from '@exam/server-kit';
import { checkGraphicCaptcha, checkMobile } from '@exam/validators';
import type { FastifyInstance } from 'fastify';
import { createCaptchas } from '../account/captcha';
import { switchesOf } from '../config/switches';
import { mobileOwner } from '../uc/bind-repository';
import { smsCodesOf } from './sms-of';

export const CAPTCHA_WRONG_MSG = '验证码错误或已失效，请点击图片刷新验证码！';

/** `/api/sys/user/sms`: the graphic captcha first, then what the code is for, then the send limits. */
export async function smsRoutes(app: FastifyInstance) {
  const captchas = createCaptchas(app.infra.kv);
  const codes = smsCodesOf(app);

  route(app, AccountCalls.sms, { auth: 'optional' }, async (req) => {
    const { smsType, mobile, captchaKey, captchaValue } = req.body;
    const bad = checkMobile(mobile) ?? checkGraphicCaptcha(captchaValue);
    if (bad) throw badRequest(bad);
    if (!(await captchas.consume(captchaKey, captchaValue))) throw badRequest(CAPTCHA_WRONG_MSG, Code.CAPTCHA_WRONG);
    const owner = await mobileOwner(app.db, mobile);
    if (smsType === 'login' || smsType === 'forgot') {
      if (smsType === 'login' && !(await switchesOf(app.db)).mobileLogin) throw badRequest('系统未开启手机号登录！');
      if (!owner) throw badRequest('该手机号未绑定任何账号！');
    } else {
      // bind and unbind act on the signed-in user's own account.
      const me = userOf(req);
      if (smsType === 'bind' && owner) throw conflict(owner === me.id ? '该手机号已绑定到当前账号！' : '该手机号已被其他账号绑定！');
      if (smsType === 'unbind' && owner !== me.id) throw badRequest('该手机号不是当前账号绑定的手机号！');
    }
    await codes.send(smsType, mobile, req.ip);
    return null;
  });
}
