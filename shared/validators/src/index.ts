/**
 * Validators of spec admin §5, with the exact messages the spec gives.
 * Each returns an error message, or undefined when the value is valid, so that
 * forms (Arco `rules[].validator`) and the server use the same rule.
 */
export type Check = (value: string | undefined | null) => string | undefined;

const blank = (v: string | undefined | null) => v === undefined || v === null || String(v).trim() === '';

export const USERNAME_RE = /^[A-Za-z0-9_-]{4,32}$/;
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const ID_CARD_RE = /^(\d{15}|\d{17}[\dXx])$/;
export const H5_HOST_RE = /^(https?:\/\/[^\s/]+(\/[^\s]*)?\/|\/([^\s]*\/)?)$/;
export const TMP_DIR_RE = /^(\/|[A-Za-z]:\/)([^\s]*\/)?$/;

export const checkUserName: Check = (v) =>
  blank(v) ? '用户不能为空！' : USERNAME_RE.test(String(v)) ? undefined : '用户名应为4-32位，数字英文下划线组合！';

export const checkMobile: Check = (v) =>
  blank(v) ? '手机号不能为空' : MOBILE_RE.test(String(v)) ? undefined : '手机号码格式不正确!';

/** The optional variant: passes when empty. */
export const checkMobileOptional: Check = (v) => (blank(v) ? undefined : checkMobile(v));

export const checkIdCard: Check = (v) =>
  blank(v) ? undefined : ID_CARD_RE.test(String(v)) ? undefined : '身份证号码格式不正确!';

/** Password policy: 8-60 chars and at least three of upper, lower, digit, special. */
export const checkPassword: Check = (v) => {
  if (blank(v)) return '密码不能为空！';
  const s = String(v);
  if (s.length < 8 || s.length > 60) return '密码长度应为8-60位';
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(s)).length;
  return classes >= 3 ? undefined : '密码应包含大写字母、小写字母、数字、特殊字符其中三种!';
};

/** On edit an empty password keeps the old one. */
export const checkPasswordOptional: Check = (v) => (blank(v) ? undefined : checkPassword(v));

export const checkH5Host: Check = (v) =>
  blank(v)
    ? 'URL不能为空！'
    : H5_HOST_RE.test(String(v))
      ? undefined
      : '应为URL或目录结构，URL如：{host}/ 目录结构如：/directory/';

export const checkTmpDir: Check = (v) =>
  blank(v)
    ? '目录不能为空！'
    : TMP_DIR_RE.test(String(v))
      ? undefined
      : '目录格式必须以/开头,/结尾，或盘符开头，/结尾，如：/data/upload/ 或 D:/data/upload/';

export const required =
  (message: string): Check =>
  (v) =>
    blank(v) ? message : undefined;

export const checkSmsCode = required('短信验证码不能为空');
export const checkCaptcha = required('验证码不能为空！');
export const checkGraphicCaptcha = required('图形验证码不能为空！');
export const checkRealName = required('姓名不能为空！');
export const checkDeptCode = required('部门不能为空！');

/** A user holds at least one role. */
export const checkRoles = (roles: readonly string[] | undefined | null) =>
  Array.isArray(roles) && roles.length ? undefined : '必须选择一个角色！';

/**
 * The user form's field rules (spec admin §5) by field, in the order the server reports them: the admin's user
 * dialog checks each field, the server's save and import the whole user.
 */
export const userFieldChecks = (creating: boolean) => ({
  userName: checkUserName,
  realName: checkRealName,
  deptCode: checkDeptCode,
  roles: checkRoles,
  password: creating ? checkPassword : checkPasswordOptional,
  mobile: checkMobileOptional,
  idCard: checkIdCard,
});

/** Menu names are letters only: non-letters are stripped before saving. */
export const cleanMenuName = (v: string) => v.replace(/[^A-Za-z]/g, '');

/** Time range 'HH:mm-HH:mm': both ends required. */
export const checkTimeRange = (start?: string, end?: string) =>
  blank(start) || blank(end) ? '时间段不能为空！' : undefined;

/** Runs a check and throws its message; used by the server where a form rule is also a business rule. */
export const assertValid = (check: Check, v: string | undefined | null) => {
  const msg = check(v);
  if (msg) throw new Error(msg);
};

/** Adapts a check to Arco Form's rule validator signature. */
export const arcoRule =
  <T = string>(check: (value: T) => string | undefined) =>
  (value: unknown, cb: (error?: string) => void) =>
    cb(check(value as T));
