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

export const DEFAULT_TIMEOUT_MS = 8000;

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

/**
 * One HTTP call with a timeout. Timeouts, refused connections and non-JSON 5xx pages are "busy" (retried);
 * the body is parsed as JSON (every provider answers JSON here). Nothing of the request is logged.
 */
export async function send(provider: string, url: string, init: RequestInit, o: CloudOptions): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  } catch (e) {
    const name = (e as Error).name;
    throw new FaceCloudBusy(provider, name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new FaceCloudBusy(provider, 'timeout');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (res.status >= 500 || res.status === 429) throw new FaceCloudBusy(provider, `http-${res.status}`);
    throw new FaceCloudFailed(provider, `http-${res.status}`, 'not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new FaceCloudFailed(provider, `http-${res.status}`, 'not an object');
  return { status: res.status, body: body as Record<string, unknown>, headers: res.headers };
}

/** A number field of an answer, or the fallback. */
export const numOf = (v: unknown, dflt = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);
export const strOf = (v: unknown) => (typeof v === 'string' ? v : '');
export const objOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A config string (trimmed), or '' */
export const setting = (data: Record<string, unknown>, key: string) => (typeof data[key] === 'string' ? (data[key] as string).trim() : '');
export const flag = (data: Record<string, unknown>, key: string) => data[key] === true || data[key] === 'true' || data[key] === 1;
