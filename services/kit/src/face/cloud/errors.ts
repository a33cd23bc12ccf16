import { Code } from '@exam/contracts';
import { AppError } from '../../errors';
import { FaceNotConfigured } from '../engine';
import { FACE_REASONS } from '../local';

/**
 * What a cloud answer means for us. Three outcomes, never mixed up:
 * - the user's face/image is the problem → a `FaceRefusal` with one of REASONS, the local engine's sentences
 *   (returned, counted as a failure);
 * - the provider is busy (rate limit, timeout, 5xx) → `FaceCloudBusy`, thrown: the job queue retries later;
 * - our keys or account are wrong → `FaceCloudAuthFailed` (a `FaceNotConfigured`), thrown: the admin fixes the config.
 */
export const REASONS = {
  noFace: FACE_REASONS.noFace,
  manyFaces: FACE_REASONS.manyFaces,
  small: FACE_REASONS.tooSmall,
  quality: FACE_REASONS.unclear,
  badImage: FACE_REASONS.badImage,
  noMatch: FACE_REASONS.noMatch,
  /** Only the clouds check liveness of a single photo (when the admin turns liveCheck on). */
  liveness: '活体检测未通过，请本人正对摄像头！',
} as const;
export type ReasonKey = keyof typeof REASONS;

/**
 * A provider that cannot answer now; retry later. Thrown: the job queue retries the comparison with its
 * backoff; a request meeting it (face login) answers 503 with the sentence (AppError).
 */
export class FaceCloudBusy extends AppError {
  readonly retryable = true;
  constructor(
    readonly provider: string,
    /** The provider's code (or `timeout` / `network` / `http-5xx`): for the job's last error, never a secret. */
    readonly providerCode: string,
  ) {
    super(503, Code.SERVER_ERROR, `人脸识别服务繁忙，请稍后再试！（${provider}: ${providerCode}）`);
  }
}

/** Keys, signature, account or permission refused: the admin's face config is wrong (a retry helps only once it is fixed). */
export class FaceCloudAuthFailed extends FaceNotConfigured {
  readonly retryable = false;
  constructor(
    readonly provider: string,
    readonly providerCode: string,
  ) {
    super(provider);
    this.message = `人脸识别服务认证失败，请检查人脸识别配置（${provider}: ${providerCode}）！`;
  }
}

/** An answer we did not expect (unknown error code, malformed body): retried like a busy provider, a few times. */
export class FaceCloudFailed extends AppError {
  readonly retryable = true;
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    detail = '',
  ) {
    super(
      503,
      Code.SERVER_ERROR,
      `人脸识别服务调用失败（${provider}: ${providerCode}${detail ? ` ${detail.slice(0, 200)}` : ''}）`,
    );
  }
}

/**
 * One provider's error codes sorted into the three outcomes (exact codes, then prefixes ending in '.'), and the
 * codes its engine handles itself (`expected`: a person made twice, one already gone).
 */
export type ErrorTable = { auth: string[]; busy: string[]; reasons: Record<string, ReasonKey>; expected?: string[] };

export type Classified = { kind: 'auth' | 'busy' | 'failed' } | { kind: 'reason'; reason: string };

export function classify(table: ErrorTable, code: string): Classified {
  const hit = (list: string[]) => list.some((c) => (c.endsWith('.') ? code.startsWith(c) : code === c));
  const reason = table.reasons[code];
  if (reason) return { kind: 'reason', reason: REASONS[reason] };
  if (hit(table.auth)) return { kind: 'auth' };
  if (hit(table.busy)) return { kind: 'busy' };
  return { kind: 'failed' };
}

/** Throws for auth/busy/failed; returns the refusal reason for the user's image. */
export function reasonOrThrow(provider: string, table: ErrorTable, code: string, message: string): string {
  const c = classify(table, code);
  if (c.kind === 'reason') return c.reason;
  if (c.kind === 'auth') throw new FaceCloudAuthFailed(provider, code);
  if (c.kind === 'busy') throw new FaceCloudBusy(provider, code);
  throw new FaceCloudFailed(provider, code, message);
}

/** A call that failed with `code`, as an engine reads it: an expected code carries no reason, the rest is sorted above. */
export const failure = (provider: string, table: ErrorTable, code: string, message: string) => ({
  ok: false as const,
  code,
  reason: table.expected?.includes(code) ? '' : reasonOrThrow(provider, table, code, message),
});
