/**
 * Face recognition: the one interface every engine implements (DESIGN §3 "Face", issue 13).
 *
 * - `local` (default, offline, embedded mode): @vladmandic/human on WASM in this process (./local.ts).
 * - `qcloud`, `baidu`, `aliyun`: HTTP clients under ./cloud/ (each exports a factory of type
 *   `EngineFactory`, registered in ./engines.ts).
 *
 * Scores are on the provider's own scale (local: human's similarity 0..1; the clouds: 0..100) and the
 * threshold is on the same scale, so `pass = score >= threshold` means the same thing everywhere.
 * Callers never compare scores themselves: they read `pass` (and `uncertain` for real-name review).
 */

import { Code, FACE_DEFAULTS, FACE_PROVIDERS, type FaceProvider } from '@exam/contracts';
import { AppError } from '../errors';

/** The quality gate's verdict on one image: exactly one face, large and confident enough. */
export type FaceQuality =
  | {
      ok: true /** detection confidence 0..1 */;
      score: number /** face box, pixels */;
      box: [x: number, y: number, w: number, h: number];
    }
  | { ok: false /** a Chinese sentence for the user (spec §8 style) */; reason: string };

/** An enrolled face: what the engine made of the user's photo, plus the photo itself. */
export type EnrolledFace = {
  userId: string;
  /** Local: a base64 float32 embedding; clouds: the provider's face token / person id. */
  template: string;
  /** The enrolled photo's bytes, for engines that compare two images (loaded only when asked). */
  image?: () => Promise<Buffer>;
};

/** A refusal the user can act on ("未检测到人脸…"); never thrown, so callers can count it as a failure. */
export type FaceRefusal = { reason: string };
export type FaceVerdict = {
  score: number;
  pass: boolean /** between reviewBelow and threshold: a person should look */;
  uncertain: boolean;
};

export interface FaceEngine {
  readonly provider: string;
  /** The model version the template and threshold belong to (templates of another model are re-made). */
  readonly model: string;
  readonly threshold: number;
  /** The quality gate alone (upload checks). */
  quality(img: Buffer): Promise<FaceQuality>;
  /** Gate + template for a user's reference photo. */
  enroll(img: Buffer, ctx: { userId: string }): Promise<{ template: string } | FaceRefusal>;
  /** Gate + comparison of a live image with one enrolled face. */
  compare(img: Buffer, enrolled: EnrolledFace): Promise<FaceVerdict | FaceRefusal>;
  /**
   * Two images of which neither is enrolled (real-name review: a live capture against an uploaded photo):
   * the provider's image-to-image call (local: both embeddings; qcloud CompareFace; baidu match with two
   * BASE64 images; aliyun CompareFace). Nothing is created or changed provider-side (no person, group or
   * face set), so the user's enrolled face stays as it is.
   */
  compareImages(live: Buffer, reference: Buffer): Promise<FaceVerdict | FaceRefusal>;
  /**
   * 1:N: the enrolled user this face belongs to (best score at or above the threshold), or a refusal.
   * `candidates` is called only by engines that search locally (the clouds search their own group).
   */
  identify(
    img: Buffer,
    candidates: () => Promise<EnrolledFace[]>,
  ): Promise<({ userId: string } & FaceVerdict) | FaceRefusal>;
  /** Frees the provider-side copy of a template (clouds); a no-op locally. */
  forget?(template: string, ctx: { userId: string }): Promise<void>;
}

/** The face config in use (sys_config_prop type 'face', `current`), with the defaults filled in. */
export type FaceConfig = {
  provider: FaceProvider;
  model: string;
  threshold: number;
  /** Scores in [reviewBelow, threshold) are "uncertain" (real-name auto review leaves them to a person). */
  reviewBelow: number;
  /** Provider settings as saved by the face config form (secrets included: server side only). */
  data: Record<string, unknown>;
};

// Providers and their default model/thresholds are shared with the face config form (shared/contracts).
export { FACE_DEFAULTS, FACE_PROVIDERS, type FaceProvider };

/** Builds an engine from a config; cloud factories live in ./cloud/ and are listed in ./engines.ts. */
export type EngineFactory = (cfg: FaceConfig) => FaceEngine;

/**
 * Thrown (not returned) when the provider cannot be used at all: a configuration problem, not the user's face.
 * An AppError, so a request that meets it (face login, an upload) answers 503 with this sentence, not a bare 500.
 */
export class FaceNotConfigured extends AppError {
  constructor(provider: string) {
    super(503, Code.SERVER_ERROR, `人脸识别服务（${provider}）未配置！`);
  }
}

const num = (v: unknown, dflt: number) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : dflt;

/** The config a saved face row describes (none saved: local with its defaults). */
export function faceConfigOf(row: { provider: string; data: Record<string, unknown> } | undefined): FaceConfig {
  const provider = (FACE_PROVIDERS as readonly string[]).includes(row?.provider ?? '')
    ? (row!.provider as FaceProvider)
    : 'local';
  const d = FACE_DEFAULTS[provider];
  const data = row?.data ?? {};
  const model = typeof data.model === 'string' && data.model.trim() ? data.model.trim() : d.model;
  const threshold = num(data.threshold, d.threshold);
  return { provider, model, threshold, reviewBelow: Math.min(num(data.reviewBelow, d.reviewBelow), threshold), data };
}

/** pass / uncertain from a score, the same rule for every engine. */
export const verdictOf = (cfg: Pick<FaceConfig, 'threshold' | 'reviewBelow'>, score: number): FaceVerdict => ({
  score,
  pass: score >= cfg.threshold,
  uncertain: score < cfg.threshold && score >= cfg.reviewBelow,
});

export const isRefusal = <T extends object>(r: T | FaceRefusal): r is FaceRefusal => 'reason' in r;
