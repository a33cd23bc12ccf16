/**
 * A provider's API address other than its documented hosts (the `apiBase` setting) is for tests and the
 * local stand-in only: honoured when `OAUTH_API_BASE_ALLOW` lists its prefix (e.g. `http://127.0.0.1:`) and
 * never in production, so keys and codes never leave for another host by configuration.
 */
export function apiBaseProblem(value: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!value) return undefined;
  const allowed =
    env.NODE_ENV === 'production'
      ? []
      : (env.OAUTH_API_BASE_ALLOW ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (!/^https?:\/\/[^\s/?#]+$/.test(value.replace(/\/+$/, ''))) return '接口地址格式不正确！';
  return allowed.some((p) => value.startsWith(p)) ? undefined : '本服务器不允许修改第三方接口地址，请留空！';
}

/** The stand-in's address when allowed, else undefined (the documented hosts). */
export const apiBaseOf = (value: unknown, env: NodeJS.ProcessEnv = process.env) => {
  const v = typeof value === 'string' ? value.trim() : '';
  return v && !apiBaseProblem(v, env) ? v.replace(/\/+$/, '') : undefined;
};
