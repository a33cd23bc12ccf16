import { type CallContract, Code, Envelope, OK_MSG } from '@exam/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';

type RouteOpts = { auth?: 'user' | 'optional' | 'public'; permission?: string | string[] };

export const ok = <T>(data: T, msg = OK_MSG) => ({ code: Code.OK, msg, data, success: true });

/**
 * Registers one call of the contract as `POST url`: the body is validated by the contract's schema
 * and the reply serialized by its `data` schema, so no field outside the contract leaves the server.
 */
export function route<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  opts: RouteOpts,
  /** `reply` only for headers (a cookie); the envelope is built here. */
  handler: (req: FastifyRequest<{ Body: Static<C['body']> }>, reply: FastifyReply) => Promise<Static<C['data']>>,
) {
  app.post<{ Body: Static<C['body']> }>(
    call.url,
    { schema: { body: call.body, response: { 200: Envelope(call.data) } }, config: opts },
    async (req, reply) => ok(await handler(req, reply)),
  );
}

/**
 * A call whose handler gives its data as JSON text it assembled itself (from pieces serialised once and cached:
 * the exam screen's paper view), sent in the same envelope without the contract's serializer. The handler answers
 * for the contract, so a test must compare its reply with a call that does go through it.
 */
export function routeJsonText<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  opts: RouteOpts,
  handler: (req: FastifyRequest<{ Body: Static<C['body']> }>) => Promise<string>,
) {
  // The envelope around the data, as `ok` makes it.
  const [head, tail] = JSON.stringify(ok(0)).split('"data":0');
  app.post<{ Body: Static<C['body']> }>(call.url, { schema: { body: call.body }, config: opts }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(`${head}"data":${await handler(req)}${tail}`),
  );
}
