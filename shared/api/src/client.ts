import ky, { type Options } from 'ky';
import { type BodyOf, type CallContract, Code, type DataOf, type EnvelopeOf } from '@exam/contracts';
import { apiConfig, apiUrl } from './config';
import {
  ApiError,
  CODE_BAD_REPLY,
  CODE_NO_RESPONSE,
  MSG_NO_RESPONSE,
  MSG_REQUEST_FAILED,
  MSG_SERVER_TROUBLE,
  statusMessage,
} from './errors';
import { clearToken, getToken, TOKEN_KEY } from './token';

/** Spec admin §9: 60 s for calls, 1,200 s for uploads and downloads. */
export const REQUEST_TIMEOUT = 60_000;
export const TRANSFER_TIMEOUT = 1_200_000;

export interface CallOptions {
  /** Do not show the error to the user (the caller handles it, or it is a background poll). */
  silent?: boolean;
  /** Uploads only: percent sent so far (0-100). */
  onProgress?: (percent: number) => void;
}

/** How long a call may wait its turn at a busy server in all before its BUSY reply is shown as an error. */
export const BUSY_WAIT_LIMIT_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server refused the call before running it (Code.BUSY): the seconds it asks to wait and its words. */
async function busyFor(res: Response): Promise<{ seconds: number; msg: string } | undefined> {
  if (res.status !== 503) return undefined;
  const body = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (body?.code !== Code.BUSY) return undefined;
  return { seconds: Math.min(30, Math.max(1, Number(res.headers.get('retry-after')) || 1)), msg: body.msg };
}

/**
 * Sends one POST; nothing answering (network failure, time-out) becomes an ApiError with status 0. A busy server's
 * refusal (503, Code.BUSY: the call did not run) is sent again after the wait it asks for, spread by a random part so
 * that thousands of examinees do not all come back at once, for up to BUSY_WAIT_LIMIT_MS.
 */
async function send(url: string, init: Options, silent?: boolean): Promise<Response> {
  for (let waited = 0; ; ) {
    const res = await sendOnce(url, init, silent);
    const busy = await busyFor(res);
    if (!busy || waited >= BUSY_WAIT_LIMIT_MS) return res;
    // Told even for a silent call (the exam screen's paper view): waiting in a queue is not an error to hide.
    apiConfig.onBusy(busy.msg);
    const pause = busy.seconds * 1000 * (0.5 + Math.random());
    await sleep(pause);
    waited += pause;
  }
}

async function sendOnce(url: string, init: Options, silent?: boolean): Promise<Response> {
  const token = getToken();
  try {
    return await ky.post(apiUrl(url), {
      retry: 0,
      // HTTP errors are read below: the body usually is an envelope with the real message.
      throwHttpErrors: false,
      headers: token ? { [TOKEN_KEY]: token } : {},
      ...init,
    });
  } catch (e) {
    const aborted = e instanceof Error && e.name === 'AbortError';
    const msg = aborted ? e.message || MSG_REQUEST_FAILED : MSG_NO_RESPONSE;
    throw fail(new ApiError(CODE_NO_RESPONSE, msg, 0), silent);
  }
}

/** Side effects the spec attaches to a failure (admin §8); returns the error for the caller to throw. */
function fail(err: ApiError, silent?: boolean): ApiError {
  const signedOut = err.code === Code.NOT_SIGNED_IN;
  // Without a session here (signed out, or another call's refusal already dropped it) nothing expired to tell of:
  // a page still showing after 退出 asks once more and is refused quietly, and many refusals read as one.
  if (!silent && !(signedOut && !getToken())) apiConfig.notify(err.msg);
  if (signedOut) {
    clearToken();
    apiConfig.onAuthExpired();
  } else if (err.code === Code.LICENSE) {
    clearToken();
    apiConfig.onLicense();
  }
  return err;
}

/** The envelope of a reply, or undefined when the body is not one (proxy error page, empty body). */
async function readEnvelope(res: Response): Promise<EnvelopeOf<unknown> | undefined> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text);
    return body && typeof body.code === 'number' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The error a reply stands for: the envelope's message when there is one, else the status wording. */
function replyError(res: Response, body: EnvelopeOf<unknown> | undefined): ApiError {
  if (body && body.code !== Code.OK) return new ApiError(body.code, body.msg || MSG_SERVER_TROUBLE, res.status);
  if (!res.ok) return new ApiError(res.status, statusMessage(res.status), res.status);
  return new ApiError(CODE_BAD_REPLY, MSG_REQUEST_FAILED, res.status);
}

async function unwrap<T>(res: Response, silent?: boolean): Promise<T> {
  const body = await readEnvelope(res);
  if (body?.code === Code.OK) return body.data as T;
  throw fail(replyError(res, body), silent);
}

/** POST JSON; resolves with the envelope's `data`, rejects with ApiError. */
export async function post<T>(url: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const early = takePrefetched(url, body);
  // A failed early reply is asked for again, so its error reaches the user as any other would.
  if (early)
    return early.then(
      (data) => data as T,
      () => postNow<T>(url, body, opts),
    );
  return postNow<T>(url, body, opts);
}

async function postNow<T>(url: string, body: unknown, opts: CallOptions): Promise<T> {
  const res = await send(url, { json: body ?? {}, timeout: REQUEST_TIMEOUT }, opts.silent);
  return unwrap<T>(res, opts.silent);
}

/** How long an early reply waits to be taken: a page that asks later (after a redirect, say) gets fresh data. */
export const PREFETCH_TTL_MS = 10_000;

const prefetched = new Map<string, { reply: Promise<unknown>; at: number }>();
// Without the paging calls' `t` (the moment a request leaves, a cache-buster): an early page of a list is the page.
const callKey = (url: string, body: unknown) => {
  const { t: _sent, ...rest } = (body ?? {}) as Record<string, unknown>;
  return `${url} ${JSON.stringify(rest)}`;
};

/**
 * Sends a call now, silently, for a page that will ask for it once its code has loaded (a shell's entry asks
 * for the user, the menus and the first view's data while the modules download): the first `post` of the same
 * call and body within PREFETCH_TTL_MS takes this reply instead of asking again.
 */
export function prefetch(url: string, body?: unknown): Promise<unknown> {
  const key = callKey(url, body);
  return (prefetched.get(key) ?? keepEarly(key, postNow(url, body, { silent: true }))).reply;
}

function keepEarly(key: string, reply: Promise<unknown>) {
  reply.catch(() => undefined); // read by the post that takes it
  const early = { reply, at: Date.now() };
  prefetched.set(key, early);
  return early;
}

/**
 * A call the page sent before this client loaded (a shell page's first script), taken as if `prefetch` had sent it:
 * its response is read as any other (the envelope, a failure silent), and the first `post` of it takes that.
 */
export function adoptPrefetched(url: string, body: unknown, response: Promise<Response>): void {
  keepEarly(
    callKey(url, body),
    response.then((res) => unwrap(res, true)),
  );
}

function takePrefetched(url: string, body: unknown): Promise<unknown> | undefined {
  // Nearly always empty (a few calls at a shell's start): every other post, answer saves included, skips the key.
  if (!prefetched.size) return undefined;
  // Replies nobody took in time go, so the map empties and later posts skip this again.
  for (const [k, early] of prefetched) if (Date.now() - early.at > PREFETCH_TTL_MS) prefetched.delete(k);
  const key = callKey(url, body);
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early?.reply;
}

/**
 * One call of the contract, typed by it: the body as `BodyOf`, the reply as `DataOf`. For flows outside a
 * view's data (background loops); views read and write through RTK Query endpoints (`@exam/store`).
 */
export function call<C extends CallContract>(contract: C, body: BodyOf<C>, opts: CallOptions = {}): Promise<DataOf<C>> {
  return post<DataOf<C>>(contract.url, body, opts);
}

/**
 * An upload that reports progress. XMLHttpRequest, because fetch reports upload progress only through
 * request streams, which Chrome refuses over HTTP/1.1. The reply goes through the same `unwrap`.
 */
function sendWithProgress(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  silent?: boolean,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(url));
    const token = getToken();
    if (token) xhr.setRequestHeader(TOKEN_KEY, token);
    xhr.timeout = TRANSFER_TIMEOUT;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded * 100) / e.total));
    xhr.onload = () => {
      onProgress(100);
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
        }),
      );
    };
    xhr.onerror = xhr.ontimeout = () => reject(fail(new ApiError(CODE_NO_RESPONSE, MSG_NO_RESPONSE, 0), silent));
    xhr.send(form);
  });
}

/** Multipart upload: the file in field `file`, plus `extra` fields. */
export async function upload<T>(
  url: string,
  file: File | Blob,
  extra: Record<string, string> = {},
  opts: CallOptions = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  const res = opts.onProgress
    ? await sendWithProgress(url, form, opts.onProgress, opts.silent)
    : await send(url, { body: form, timeout: TRANSFER_TIMEOUT }, opts.silent);
  return unwrap<T>(res, opts.silent);
}

const isJson = (res: Response) => (res.headers.get('content-type') ?? '').includes('json');

/** POST and return the file; a JSON reply is an error envelope, never the file (spec admin §8). */
export async function downloadBlob(url: string, body?: unknown, opts: CallOptions = {}): Promise<Blob> {
  const res = await send(url, { json: body ?? {}, timeout: TRANSFER_TIMEOUT }, opts.silent);
  if (res.ok && !isJson(res)) return res.blob();
  throw fail(replyError(res, await readEnvelope(res)), opts.silent);
}

/** Lets the browser save a blob under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers start the download after click() returns; revoke a little later.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export async function download(url: string, body: unknown, filename: string): Promise<void> {
  saveBlob(await downloadBlob(url, body), filename);
}
