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

/** One error handler: every failure leaves as a real HTTP status plus the envelope (DESIGN §2). */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) return reply.status(err.status).send(envelope(err.code, err.message));
      if (err.validation) return reply.status(400).send(envelope(Code.INVALID_PARAMS, validationMessage(err)));
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
    app.setNotFoundHandler((req, reply) => reply.status(404).send(envelope(Code.NOT_FOUND, `接口地址错误：${req.method} ${req.url.split('?')[0]}`)));
  },
  { name: 'errors' },
);
