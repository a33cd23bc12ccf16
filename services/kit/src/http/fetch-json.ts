/**
 * One JSON call to a third party (face clouds, sign-in providers) with a timeout, answered as one of three
 * outcomes the caller maps to its own errors: `busy` (timeout, refused connection, a gateway's non-JSON
 * 5xx or 429 page: try again later), `failed` (an answer that is not a JSON object) or the parsed answer.
 * Nothing of the request is logged (it carries secrets).
 */
export type JsonAnswer =
  | { kind: 'ok'; status: number; body: Record<string, unknown>; headers: Headers }
  | { kind: 'busy'; code: string }
  | { kind: 'failed'; code: string; detail: string };

export const DEFAULT_TIMEOUT_MS = 8000;

export async function fetchJson(url: string, init: RequestInit, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<JsonAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const name = (e as Error).name;
    return { kind: 'busy', code: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    return { kind: 'busy', code: 'timeout' };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (res.status >= 500 || res.status === 429) return { kind: 'busy', code: `http-${res.status}` };
    return { kind: 'failed', code: `http-${res.status}`, detail: 'not JSON' };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { kind: 'failed', code: `http-${res.status}`, detail: 'not an object' };
  return { kind: 'ok', status: res.status, body: body as Record<string, unknown>, headers: res.headers };
}

/** Fields of a third party's answer, read defensively. */
export const numOf = (v: unknown, dflt = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);
export const strOf = (v: unknown) => (typeof v === 'string' ? v : '');
export const objOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
