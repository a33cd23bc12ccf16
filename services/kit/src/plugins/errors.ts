import { Code } from '@exam/contracts';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const envelope = (code: number, msg: string) => ({ code, msg, data: null, success: false });

/** Describes a schema failure naming the field, e.g. `参数错误：body/username 不能为空`. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return '参数错误！';
  const field =
    first.keyword === 'required'
      ? `${first.instancePath}/${(first.params as { missingProperty?: string }).missingProperty ?? ''}`
      : first.instancePath || '/';
  return `参数错误：${field.replace(/^\//, '') || '请求体'} ${first.message ?? ''}`.trim();
}

/**
 * What the client did wrong when the database refuses a write: constraint and data errors are the
 * request's fault (a duplicate, an id that points nowhere, a value out of range), so they leave as a
 * 4xx envelope from here, once for every route. Anything else stays a 500.
 */
const PG_ERRORS: Record<string, [status: number, code: number, msg: string]> = {
  '23505': [409, Code.CONFLICT, '数据已存在，请勿重复提交！'],
  '23503': [400, Code.INVALID_PARAMS, '关联的数据不存在或已被删除！'],
  '23502': [400, Code.INVALID_PARAMS, '参数错误：缺少必填数据！'],
  '23514': [400, Code.INVALID_PARAMS, '参数错误：数据不符合要求！'],
  '22001': [400, Code.INVALID_PARAMS, '参数错误：内容过长！'],
  '22003': [400, Code.INVALID_PARAMS, '参数错误：数值超出范围！'],
  '22007': [400, Code.INVALID_PARAMS, '参数错误：时间格式错误！'],
  '22008': [400, Code.INVALID_PARAMS, '参数错误：时间超出范围！'],
  '22021': [400, Code.INVALID_PARAMS, '参数错误：包含无效字符！'],
  '22P02': [400, Code.INVALID_PARAMS, '参数错误：数据格式错误！'],
  '22P05': [400, Code.INVALID_PARAMS, '参数错误：包含无效字符！'],
};

/** The SQLSTATE of a database error, also when drizzle wraps it (`cause`). */
function pgCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A delete of a row others still point at is a conflict, not a bad id. */
const stillReferenced = (err: unknown) =>
  /still referenced/.test(
    String((err as { cause?: { detail?: string } }).cause?.detail ?? (err as { detail?: string }).detail ?? ''),
  );

/** One error handler: every failure leaves as a real HTTP status plus the envelope (DESIGN §2). */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) return reply.status(err.status).send(envelope(err.code, err.message));
      if (err.validation) return reply.status(400).send(envelope(Code.INVALID_PARAMS, validationMessage(err)));
      const pg = PG_ERRORS[pgCode(err) ?? ''];
      if (pg) {
        req.log.warn({ err }, 'database refused the request');
        if (pgCode(err) === '23503' && stillReferenced(err))
          return reply.status(409).send(envelope(Code.CONFLICT, '数据正在被使用，不能删除！'));
        return reply.status(pg[0]).send(envelope(pg[1], pg[2]));
      }
      const status = err.statusCode ?? 500;
      if (status === 429) return reply.status(429).send(envelope(Code.RATE_LIMITED, '操作过于频繁，请稍后再试！'));
      if (status === 413) return reply.status(413).send(envelope(Code.INVALID_PARAMS, '请求数据过大！'));
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
        return reply.status(400).send(envelope(Code.INVALID_PARAMS, '请求数据格式错误！'));
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(envelope(Code.SERVER_ERROR, '服务器开小差了，请稍后再试！'));
    });
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send(envelope(Code.NOT_FOUND, `接口地址错误：${req.method} ${req.url.split('?')[0]}`)),
    );
  },
  { name: 'errors' },
);
