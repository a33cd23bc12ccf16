import { fetchJson } from '../../http/fetch-json';
import { type FaceConfig, FaceNotConfigured } from '../engine';
import { FaceCloudBusy, FaceCloudFailed } from './errors';

/** How a cloud client reaches its provider; tests point `baseUrl` at the stand-in. */
export type CloudOptions = {
  /** Replaces the documented production endpoint (tests only: see `cloudOptionsFromEnv`). */
  baseUrl?: string;
  /** Per request; a provider slower than this is "busy" and the job is retried. */
  timeoutMs?: number;
  /** Seconds since the epoch (signatures carry the time). */
  now?: () => number;
};

/**
 * The stand-in's address for every cloud client (`FACE_CLOUD_BASE_URL`), honoured only outside production:
 * in production the documented endpoints are used whatever the environment says, so keys never leave for
 * another host by configuration.
 */
export function cloudOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): CloudOptions {
  const base = env.FACE_CLOUD_BASE_URL;
  return base && env.NODE_ENV !== 'production' ? { baseUrl: base.replace(/\/+$/, '') } : {};
}

export const nowSec = (o: CloudOptions) => (o.now ? o.now() : Math.floor(Date.now() / 1000));

export type HttpAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

/** One HTTP call (kit http/fetch-json): busy answers are retried (`FaceCloudBusy`), malformed ones fail. */
export async function send(provider: string, url: string, init: RequestInit, o: CloudOptions): Promise<HttpAnswer> {
  const a = await fetchJson(url, init, o.timeoutMs);
  if (a.kind === 'busy') throw new FaceCloudBusy(provider, a.code);
  if (a.kind === 'failed') throw new FaceCloudFailed(provider, a.code, a.detail);
  return a;
}

/** A POST of `body`, with the provider's content type and signature in `headers`. */
export const post = (provider: string, url: string, headers: Record<string, string>, body: string, o: CloudOptions) =>
  send(provider, url, { method: 'POST', headers, body }, o);

/** A config string (trimmed), or '' */
const setting = (data: Record<string, unknown>, key: string) =>
  typeof data[key] === 'string' ? (data[key] as string).trim() : '';
const flag = (data: Record<string, unknown>, key: string) =>
  data[key] === true || data[key] === 'true' || data[key] === 1;

/**
 * A cloud's settings as the face config form saved them (trimmed, '' when unset) and its liveCheck switch; without
 * one of its `required` keys the engine cannot be built (FaceNotConfigured).
 */
export function cloudSettings<K extends string>(cfg: FaceConfig, provider: string, required: K[], optional: K[] = []) {
  const values = Object.fromEntries([...required, ...optional].map((k) => [k, setting(cfg.data, k)])) as Record<
    K,
    string
  >;
  if (required.some((k) => !values[k])) throw new FaceNotConfigured(provider);
  return { ...values, liveCheck: flag(cfg.data, 'liveCheck') };
}
