/** Reads code and message from whatever a call or thunk rejected with (ApiError or its serialized form). */
export function errorInfo(e: unknown, fallback = '登录失败！'): { code: number; msg: string } {
  const err = (e ?? {}) as {
    code?: unknown;
    msg?: unknown;
    message?: unknown;
    payload?: { code?: unknown; msg?: unknown };
  };
  const code = Number(err.code ?? err.payload?.code ?? NaN);
  const msg = String(err.msg ?? err.payload?.msg ?? err.message ?? fallback);
  return { code, msg };
}

export const linkStyle = { color: 'rgb(var(--primary-6))', textDecoration: 'none' };
export const cardStyle = { width: 380, maxWidth: '100%' };
