import { Code } from '@exam/contracts';

/** A failure the client should see: HTTP status + envelope code + message in Chinese. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, code: number = Code.INVALID_PARAMS) => new AppError(400, code, msg);
export const unauthorized = (msg = '登录已过期，请重新登录！') => new AppError(401, Code.NOT_SIGNED_IN, msg);
export const forbidden = (msg = '您没有权限执行此操作！') => new AppError(403, Code.FORBIDDEN, msg);
export const notFound = (msg = '数据不存在或已被删除！') => new AppError(404, Code.NOT_FOUND, msg);
export const conflict = (msg: string, code: number = Code.CONFLICT) => new AppError(409, code, msg);
export const tooMany = (msg = '操作过于频繁，请稍后再试！') => new AppError(429, Code.RATE_LIMITED, msg);
