import { DEFAULT_TIMEOUT_MS, objOf } from '@exam/server-kit';
import { type ClientOptions, PayFailure } from './provider';

/**
 * One call to a payment provider, answered raw: both providers sign the exact bytes of their answer, so the
 * text is kept as received (fetchJson would parse it first). No answer at all (timeout, refused connection)
 * is `busy`. Nothing of the request is logged (it carries signatures and amounts).
 */
export type RawAnswer = { status: number; text: string; headers: Headers };

export async function sendRaw(url: string, init: RequestInit, o: ClientOptions): Promise<RawAnswer> {
  try {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    return { status: res.status, text: await res.text(), headers: res.headers };
  } catch (e) {
    const name = (e as Error).name;
    throw new PayFailure('busy', name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
}

/** A JSON object from a provider's text; anything else is an empty object (the caller decides what that means). */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    return objOf(JSON.parse(text));
  } catch {
    return {};
  }
}

/** A callback's header, whatever its case and however the server split it. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
  }
  return '';
}
