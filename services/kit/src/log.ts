import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** `token=…` in a query string (any case), up to the next separator. */
const TOKEN_IN_QUERY = /([?&;](?:[^=&;#]*token)=)[^&;#]*/gi;

/** A token as a path segment (a course play link `/api/course/play/<64 hex>/…`): 32 hex digits or more. */
const TOKEN_IN_PATH = /\/[0-9a-f]{32,}(?=[/?#;]|$)/gi;

/** A URL as it may be logged: session and play tokens (and other `…token` parameters) replaced. */
export const scrubUrl = (url: string | undefined) =>
  url ? url.replace(TOKEN_IN_QUERY, '$1[Redacted]').replace(TOKEN_IN_PATH, '/[Redacted]') : url;

/**
 * Logger settings of every service: a session token never reaches a log line, wherever a caller put it
 * (header, query, cookie, websocket subprotocol, a logged body). DESIGN §4 "tokens never in URLs that
 * reach logs": clients no longer put them there, and this holds for old clients and typos too.
 */
export function logOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: {
      paths: [
        'token',
        '*.token',
        '*.*.token',
        'body.token',
        'req.body.token',
        'headers.token',
        'headers.cookie',
        'headers["sec-websocket-protocol"]',
        'headers.authorization',
        'req.headers.token',
        'req.headers.cookie',
        'req.headers["sec-websocket-protocol"]',
        'req.headers.authorization',
        'query.token',
        'req.query.token',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
        return {
          method: req.method,
          url: scrubUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
  };
}

/**
 * Request lines off the hot path: one line per request, after the reply, at debug for a success (off at the
 * default info level, so a busy replica does not serialise and write two lines per call), at info for a
 * refusal or failure (4xx/5xx; a failure's error and stack are logged by the error handler), with the request.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // Below the logger's level pino's method is a no-op: nothing is serialised.
    reply.log[reply.statusCode >= 400 ? 'info' : 'debug'](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
