/**
 * A third party's API address (sign-in, payment providers) other than its documented hosts (the `apiBase` setting) is for tests and the
 * local stand-in only: honoured when `OAUTH_API_BASE_ALLOW` lists its prefix (e.g. `http://127.0.0.1:`) and
 * never in production, so keys and codes never leave for another host by configuration.
 */
export function apiBaseProblem(value: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[^\s/?#]+$/.test(value.replace(/\/+$/, ''))) return '接口地址格式不正确！';
  return standInAllowed(value, env) ? undefined : '本服务器不允许修改第三方接口地址，请留空！';
}

/** Whether `OAUTH_API_BASE_ALLOW` lists a prefix of this address (never in production). */
export function standInAllowed(value: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV === 'production') return false;
  return (env.OAUTH_API_BASE_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .some((p) => value.startsWith(p));
}

/** The stand-in's address when allowed, else undefined (the documented hosts). */
export const apiBaseOf = (value: unknown, env: NodeJS.ProcessEnv = process.env) => {
  const v = typeof value === 'string' ? value.trim() : '';
  return v && !apiBaseProblem(v, env) ? v.replace(/\/+$/, '') : undefined;
};
