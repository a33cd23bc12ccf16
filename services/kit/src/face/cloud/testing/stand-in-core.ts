import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from '../../../testing/stand-in-server';

/** The stand-in's shared types, apart from the server that wires the providers (so the providers and it import no circle). */

/** What the stand-in "sees" in an image. */
export type Seen = {
  person: string;
  /** Faces in the picture (default 1); the person is the largest. */
  faces?: number;
  /** 0..100 (default 90). */
  quality?: number;
  /** Face side in pixels (default 200). */
  size?: number;
  /** False: a photo of a photo (liveness fails). */
  live?: boolean;
};

export type StandInOptions = {
  port?: number;
  qcloud?: { secretId: string; secretKey: string; groups?: string[] };
  baidu?: { apiKey: string; secretKey: string; tokenTtlSec?: number };
  aliyun?: { accessKeyId: string; accessKeySecret: string };
  /** The test's declared images; undefined = no face. */
  see: (img: Buffer) => Seen | undefined;
  /** Seconds since the epoch (to test expiry). */
  now?: () => number;
};

/** What each provider module gets from the core. */
export type StandInCore = {
  opts: StandInOptions;
  now: () => number;
  see: (img: Buffer | undefined) => Seen | undefined;
  /** 0..100, deterministic: same person 85..97, different people 5..35. */
  similarity: (a: Seen, b: Seen) => number;
  /** True when the test asked for a rate limit on this provider's next call (consumes one). */
  throttled: (provider: Provider) => boolean;
  record: (provider: Provider, action: string) => void;
  url: () => string;
};

export type Provider = 'qcloud' | 'baidu' | 'aliyun';
export type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => Promise<boolean>;

export { json };
