import { type FaceConfig, type FaceEngine, FaceNotConfigured, type FaceRefusal } from '../engine';

/** A cloud engine's own calls; cloudEngine puts the rules every cloud shares around them. */
export interface CloudCalls extends Pick<FaceEngine, 'quality' | 'compare' | 'compareImages' | 'forget'> {
  /** Puts the user's photo in the provider's face library (replacing an older one); the template names it there. */
  addToLibrary(img: Buffer, userId: string): Promise<{ template: string } | FaceRefusal>;
  /** 1:N in the provider's face library. */
  search(img: Buffer): ReturnType<FaceEngine['identify']>;
}

/**
 * A cloud engine: a photo passes the quality gate before it is enrolled; without a face library on the provider
 * (`library` '': no group, no db) the photo itself is the reference (template '') and there is no 1:N.
 */
export function cloudEngine(provider: string, cfg: FaceConfig, library: string, calls: CloudCalls): FaceEngine {
  const { addToLibrary, search, ...own } = calls;
  return {
    provider,
    model: cfg.model,
    threshold: cfg.threshold,
    ...own,
    async enroll(img, { userId }) {
      const q = await own.quality(img);
      if (!q.ok) return { reason: q.reason };
      return library ? addToLibrary(img, userId) : { template: '' };
    },
    async identify(img) {
      if (!library) throw new FaceNotConfigured(provider);
      return search(img);
    },
  };
}
