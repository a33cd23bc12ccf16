import { Code } from '@exam/contracts';
import {
  AppError,
  type Db,
  type FaceService,
  type KeyValue,
  type Sessions,
  FaceNotConfigured,
  GUESS_LIMITS,
  GuessScope,
  badRequest,
  countGuess,
  isRefusal,
  rightGuess,
  verifyPassword,
} from '@exam/server-kit';
import { checkMobile, checkSmsCode } from '@exam/validators';
import type { SmsCodes } from '../sms/sms-codes';
import { mobileOwner } from '../uc/bind-repository';
import { userById, userByName } from '../user/user-repository';
import { CAPTCHA_WRONG_MSG, type Captchas } from './captcha';

/** Sign-in limits (DESIGN §3): a captcha after a few failures, then a lock-out window. */
export const LOGIN_LIMITS = GUESS_LIMITS;
const SCOPE = GuessScope.LOGIN;

type LoginInput = { username: string; password: string; captchaKey?: string; captchaValue?: string; ip: string };

type LoginDeps = {
  db: Db;
  kv: KeyValue;
  sessions: Sessions;
  captchas: Captchas;
  loginTick: () => Promise<number>;
  /** Mobile sign-in: the SMS codes and the mobileLogin switch. */
  sms?: SmsCodes;
  mobileLogin?: () => Promise<boolean>;
  /** Face sign-in: the kit's face service and the faceLogin switch. */
  faces?: FaceService;
  faceLogin?: () => Promise<boolean>;
};

const FACE_SCOPE = GuessScope.FACE_LOGIN;
const OAUTH_SCOPE = GuessScope.OAUTH;
/** Strips a data URL's prefix; null when the rest is not base64. */
const frameBytes = (b64: string) => {
  const body = b64.replace(/^data:image\/[a-z]+;base64,/, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? Buffer.from(body, 'base64') : null;
};

export function createLoginService(deps: LoginDeps) {
  const { db, kv, sessions, captchas } = deps;

  return {
    /** Whether this account must solve a captcha before its next attempt. */
    async captchaRequired(username: string) {
      return Number((await kv.get(`${SCOPE}:u:${username.trim().toLowerCase()}`)) ?? 0) >= LOGIN_LIMITS.captchaAfter;
    },

    /**
     * Every attempt is counted before anything is checked, in one atomic increment per counter, so
     * parallel guesses each get their own number: the 4th attempt needs a captcha and the 11th is
     * refused however many arrive at once. A successful sign-in clears the account's count and gives
     * back its slot of the address's count (a classroom behind one address signs in together).
     */
    async login(input: LoginInput): Promise<string> {
      const name = input.username.trim().toLowerCase();
      const userTry = await countGuess(kv, SCOPE, name, input.ip, '登录失败次数过多，请15分钟后再试！');
      if (userTry > LOGIN_LIMITS.captchaAfter) {
        if (!input.captchaKey || !input.captchaValue) throw badRequest('请输入图形验证码！', Code.CAPTCHA_REQUIRED);
        if (!(await captchas.consume(input.captchaKey, input.captchaValue))) {
          throw badRequest(CAPTCHA_WRONG_MSG, Code.CAPTCHA_WRONG);
        }
      }
      const user = await userByName(db, input.username.trim());
      // Checked even for an unknown name (the kit's verifyPassword takes as long), so timing tells nothing.
      const right = await verifyPassword(user?.password, input.password);
      if (!right || !user) throw new AppError(401, Code.BAD_CREDENTIALS, '用户名或密码错误！');
      // Account state is told only after the password is right, so it reveals nothing to guessers.
      assertUsable(user);
      await rightGuess(kv, SCOPE, name, input.ip);
      return openSession(user.id);
    },

    /** Mobile + SMS code (smsType login): the code proves the owner, then the same checks as above. */
    async loginByMobile(input: { mobile: string; smsCode: string }): Promise<string> {
      const bad = checkMobile(input.mobile) ?? checkSmsCode(input.smsCode);
      if (bad) throw badRequest(bad);
      if (!deps.sms || !(await deps.mobileLogin?.())) throw badRequest('系统未开启手机号登录！');
      await deps.sms.consume('login', input.mobile, input.smsCode);
      const userId = await mobileOwner(db, input.mobile);
      const user = userId ? await userById(db, userId) : undefined;
      if (!user) throw badRequest('该手机号未绑定任何账号！');
      assertUsable(user);
      return openSession(user.id);
    },

    loginByFace,

    /**
     * Third-party sign-in (oauth): every callback is counted per address before its code is exchanged, like
     * password guesses; a completed sign-in or binding gives the slot back.
     */
    countThirdParty: (ip: string) =>
      countGuess(kv, OAUTH_SCOPE, `ip:${ip}`, ip, '第三方登录失败次数过多，请15分钟后再试！'),
    thirdPartyDone: (ip: string) => rightGuess(kv, OAUTH_SCOPE, `ip:${ip}`, ip),

    /** The user a binding names signs in: the same account checks and session as a password sign-in. */
    async loginBound(userId: string): Promise<string> {
      const user = await userById(db, userId);
      if (!user) throw new AppError(401, Code.BAD_CREDENTIALS, '用户名或密码错误！');
      assertUsable(user);
      return openSession(user.id);
    },
  };

  /**
   * Face sign-in: the frame is matched 1:N against every enrolled face (threshold of the engine in
   * use). Attempts are limited per address like password guesses (10 a window, a success starts the
   * address over); the frame is counted before it is compared, so parallel tries cannot slip past.
   */
  async function loginByFace(input: { base64: string; ip: string }): Promise<string> {
    if (!deps.faces || !(await deps.faceLogin?.())) throw badRequest('系统未开启人脸登录！');
    const account = `ip:${input.ip}`;
    await countGuess(kv, FACE_SCOPE, account, input.ip, '人脸登录失败次数过多，请15分钟后再试！');
    const bytes = frameBytes(input.base64);
    if (!bytes || bytes.length < 1024) throw badRequest('图片格式不正确，请重新拍摄！');
    const found = await deps.faces.identify(bytes).catch((e: unknown) => {
      if (e instanceof FaceNotConfigured) throw badRequest(e.message);
      throw e;
    });
    if (isRefusal(found)) throw new AppError(401, Code.BAD_CREDENTIALS, found.reason);
    const user = await userById(db, found.userId);
    if (!user) throw new AppError(401, Code.BAD_CREDENTIALS, '人脸比对失败，请确保是本人操作！');
    assertUsable(user);
    await rightGuess(kv, FACE_SCOPE, account, input.ip);
    return openSession(user.id);
  }

  /** loginTick = 1 ends earlier sessions before the new one starts (spec admin §3). */
  async function openSession(userId: string) {
    if ((await deps.loginTick()) === 1) await sessions.revokeUser(userId);
    return sessions.create(userId);
  }
}

/** Disabled, pending and expired accounts may not sign in, whatever the sign-in method. */
function assertUsable(user: { state: number; expireTime: Date | null }) {
  if (user.state === 1) throw new AppError(403, Code.ACCOUNT_DISABLED, '账号已被禁用，请联系管理员！');
  if (user.state === 2) throw new AppError(403, Code.ACCOUNT_PENDING, '账号正在审核中，请耐心等待！');
  if (user.expireTime && user.expireTime.getTime() < Date.now()) {
    throw new AppError(403, Code.ACCOUNT_EXPIRED, '账号已过期，请联系管理员！');
  }
}
