/**
 * A real HTTP server for unit tests of the client and of code built on it (store, ui).
 * Exported as `@exam/api/testing`; never imported by application code.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or undefined for multipart and empty bodies. */
  json: any;
}

/** A JSON `body` is serialized; a string body is sent as is with `contentType`. */
export interface Reply {
  status?: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A reply, or a function of the request giving one (later, with a promise: a slow server). */
export type Route = Reply | ((req: RecordedRequest) => Reply | Promise<Reply>);

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  route(path: string, route: Route): void;
  close(): Promise<void>;
}

export const okReply = (data: unknown): Reply => ({ body: { code: 0, msg: '操作成功！', data, success: true } });
export const errorReply = (code: number, msg: string, status = 200): Reply => ({
  status,
  body: { code, msg, data: null, success: false },
});

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    // happy-dom's fetch applies CORS: the page origin differs from this server's.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, token');
    res.setHeader('access-control-expose-headers', 'retry-after');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      const recorded = { path: req.url ?? '', headers: req.headers, body, json: parse(body) };
      requests.push(recorded);
      const route = routes.get(recorded.path.split('?')[0]);
      if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      const reply = await (typeof route === 'function' ? route(recorded) : route);
      const raw = typeof reply.body === 'string';
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.contentType ?? (raw ? 'text/plain' : 'application/json; charset=utf-8'),
        ...reply.headers,
      });
      res.end(raw ? reply.body : JSON.stringify(reply.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (path, route) => void routes.set(path, route),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An address where nothing listens: a port that was just freed. */
export async function closedUrl(): Promise<string> {
  const server = await startTestServer();
  await server.close();
  return server.url;
}
