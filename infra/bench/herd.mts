/**
 * The start storm as 5,000 browsers make it (issue 42): every examinee its own connection, all released at once, each
 * doing what the exam screen's client does (shared/api client.ts): create-paper, then the paper view, and a call
 * refused as busy (503, Code.BUSY) sent again after its Retry-After with a random spread. Anything else that is not a
 * 200 with code 0 is an error, by kind: a status (502 from the gateway, say), a reset, a time-out.
 */
import { performance } from 'node:perf_hooks';
import { Code } from '@exam/contracts';
import { Client } from 'undici';
import { postJson, stats } from './load.mts';

export type HerdResult = {
  served: number;
  lastMs: number;
  perExaminee: ReturnType<typeof stats>;
  busyReplies: number;
  errors: Record<string, number>;
  samples: string[];
};

export async function herdStart(o: {
  gateway: string;
  tokens: string[];
  createUrl: string;
  viewUrl: string;
  examId: string;
  /** The exam screen gives up waiting after two minutes (BUSY_WAIT_LIMIT_MS). */
  giveUpMs?: number;
}): Promise<HerdResult> {
  const giveUp = o.giveUpMs ?? 120_000;
  const errors: Record<string, number> = {};
  const samples: string[] = [];
  const served: number[] = [];
  let busyReplies = 0;
  const fail = (kind: string, detail: string) => {
    errors[kind] = (errors[kind] ?? 0) + 1;
    if (samples.length < 10) samples.push(`${kind}: ${detail}`);
  };
  const start = performance.now();

  let views = 0;
  // A gateway's error page is HTML: its status tells what happened.
  const parseOr = (text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  /**
   * One call as the exam screen's client makes it. A paper view (100 questions) is parsed in full 1 time in 50 and
   * otherwise checked by its status, its envelope's start and its size, so the load generator's own CPU stays small.
   */
  async function call(client: Client, path: string, body: unknown, token: string, view = false) {
    for (let waited = 0; ; ) {
      let status: number;
      let json: { code: number; msg: string; data: any } | undefined;
      let retryAfter = 1;
      try {
        const res = await postJson(client, path, body, token);
        status = res.statusCode;
        retryAfter = Number(res.headers['retry-after']) || 1;
        const text = await res.body.text();
        if (view && status === 200 && views++ % 50 !== 0)
          json = text.startsWith('{"code":0,') && text.length > 10_000 ? { code: 0, msg: '', data: null } : undefined;
        else json = parseOr(text);
      } catch (e) {
        const code = (e as { code?: string }).code ?? (e as Error).message;
        fail(/RESET|SOCKET|closed/i.test(code) ? 'reset' : /TIMEOUT/i.test(code) ? 'timeout' : code, path);
        return undefined;
      }
      if (status === 503 && json?.code === Code.BUSY && waited < giveUp) {
        busyReplies++;
        const pause = retryAfter * 1000 * (0.5 + Math.random());
        await new Promise((r) => setTimeout(r, pause));
        waited += pause;
        continue;
      }
      if (status === 200 && json?.code === 0) return json.data;
      fail(`status ${status}`, `${path} ${json?.msg ?? ''}`);
      return undefined;
    }
  }

  await Promise.all(
    o.tokens.map(async (token) => {
      // One connection per examinee, as each browser opens its own.
      const client = new Client(o.gateway, { pipelining: 1, headersTimeout: 180_000, bodyTimeout: 180_000 });
      try {
        const paper = await call(client, o.createUrl, { examId: o.examId }, token);
        if (!paper) return;
        const view = await call(client, o.viewUrl, { id: paper.id }, token, true);
        if (view === undefined) return;
        const qus = view?.quList ?? [];
        // An unparsed view passed its checks; a parsed one must hold the whole paper.
        if (view === null || qus.length === 100) served.push(performance.now() - start);
        else fail('short view', `${qus.length} questions`);
      } finally {
        await client.close().catch(() => {});
      }
    }),
  );
  return {
    served: served.length,
    lastMs: Math.max(0, ...served),
    perExaminee: stats(served),
    busyReplies,
    errors,
    samples,
  };
}
