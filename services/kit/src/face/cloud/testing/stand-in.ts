import { createHash, randomBytes } from 'node:crypto';
import { serveStandIn } from '../../../testing/stand-in-server';
import { aliyunStandIn } from './stand-in-aliyun';
import { baiduStandIn } from './stand-in-baidu';
import type { Handler, Provider, Seen, StandInCore, StandInOptions } from './stand-in-core';
import { qcloudStandIn } from './stand-in-qcloud';

export type { Provider, Seen, StandInOptions } from './stand-in-core';

/**
 * A local stand-in for the three face clouds, FOR TESTS ONLY (the real endpoints cannot be reached here).
 * It checks each request the way the provider does (recomputes the signature with its own copy of the
 * secret, refuses expired timestamps, unknown keys, stale tokens), answers in the documented shapes and
 * error codes, and judges images only by what the test declared about them: an image nobody declared has
 * no face, so nothing passes by accident. Similarity is deterministic: same person high, else low.
 *
 * Paths: /qcloud/ (IAI 3.0), /baidu/oauth/2.0/token and /baidu/rest/2.0/face/v3/…, /aliyun/ (RPC),
 * /oss/<bucket> (the upload the aliyun client makes for URL-only actions).
 */

export type StandIn = {
  url: string;
  /** Answer the next `n` calls of a provider with its rate-limit error. */
  throttle(provider: Provider, n?: number): void;
  /** Hold every answer this long (timeouts). */
  delay(ms: number): void;
  /** Actions received per provider, in order (requests refused for their signature included). */
  calls: Record<Provider, string[]>;
  close(): Promise<void>;
};

/** A test image registry: made-up bytes per declared person (a JPEG marker so it looks like one). */
export function imageBook() {
  const seen = new Map<string, Seen>();
  const key = (img: Buffer) => createHash('sha256').update(img).digest('hex');
  return {
    image(s: Seen) {
      const img = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from(JSON.stringify(s)),
        randomBytes(64),
      ]);
      seen.set(key(img), s);
      return img;
    },
    see: (img: Buffer) => seen.get(key(img)),
  };
}

export async function startStandIn(opts: StandInOptions): Promise<StandIn> {
  const calls: Record<Provider, string[]> = { qcloud: [], baidu: [], aliyun: [] };
  const throttles: Record<Provider, number> = { qcloud: 0, baidu: 0, aliyun: 0 };
  let base = '';
  const core: StandInCore = {
    opts,
    now: () => (opts.now ? opts.now() : Math.floor(Date.now() / 1000)),
    see: (img) => (img && img.length ? opts.see(img) : undefined),
    similarity(a, b) {
      const h = createHash('sha256').update([a.person, b.person].sort().join('|')).digest()[0];
      return a.person === b.person ? 85 + (h % 13) : 5 + (h % 31);
    },
    throttled(p) {
      if (throttles[p] <= 0) return false;
      throttles[p] -= 1;
      return true;
    },
    record: (p, action) => void calls[p].push(action),
    url: () => base,
  };
  const handlers: Handler[] = [qcloudStandIn(core), baiduStandIn(core), aliyunStandIn(core)];

  const server = await serveStandIn(handlers, opts.port);
  base = server.url;
  return {
    url: base,
    throttle: (p, n = 1) => void (throttles[p] += n),
    delay: server.delay,
    calls,
    close: server.close,
  };
}
