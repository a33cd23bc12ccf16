import { decodeImage } from './decode';
import {
  type EngineFactory,
  type EnrolledFace,
  type FaceConfig,
  type FaceEngine,
  type FaceQuality,
  type FaceRefusal,
  verdictOf,
} from './engine';
import { detectFaces, type HumanFace, similarity } from './human';

/** Quality gate (DESIGN §3): below these a face is refused with a reason rather than compared. */
export const GATE = {
  /** A detection at least this sure counts as a face in the picture (also for "two faces"). */
  countScore: 0.5,
  /** The one face must be at least this sure (box and mesh) to be compared. */
  minScore: 0.8,
  /** Smallest face side in pixels (after shrinking to 1280): smaller faces give unreliable embeddings. */
  minSide: 64,
};

export const FACE_REASONS = {
  badImage: '图片格式不正确，请上传jpg或png格式的人脸照片！',
  noFace: '未检测到人脸，请确保人脸在摄像头中央！',
  manyFaces: '检测到多张人脸，请确保画面中只有本人！',
  tooSmall: '人脸太小，请靠近摄像头！',
  unclear: '人脸不清晰，请正对摄像头并保持光线充足！',
  noMatch: '人脸比对失败，请确保是本人操作！',
} as const;

type Gated = { face: HumanFace & { embedding: number[] }; quality: FaceQuality & { ok: true } } | FaceRefusal;

async function gate(img: Buffer): Promise<Gated> {
  const rgb = decodeImage(img);
  if (!rgb) return { reason: FACE_REASONS.badImage };
  const faces = (await detectFaces(rgb)).filter((f) => f.boxScore >= GATE.countScore);
  if (faces.length === 0) return { reason: FACE_REASONS.noFace };
  if (faces.length > 1) return { reason: FACE_REASONS.manyFaces };
  const face = faces[0]!;
  if (Math.min(face.box[2], face.box[3]) < GATE.minSide) return { reason: FACE_REASONS.tooSmall };
  const score = Math.min(face.boxScore, face.faceScore);
  if (score < GATE.minScore || !face.embedding?.length) return { reason: FACE_REASONS.unclear };
  return {
    face: face as HumanFace & { embedding: number[] },
    quality: { ok: true, score, box: face.box.map(Math.round) as [number, number, number, number] },
  };
}

/** Embeddings travel and rest as base64 of their float32 bytes (1024 floats → 5.5 KB). */
export const encodeEmbedding = (e: number[]) => Buffer.from(new Float32Array(e).buffer).toString('base64');
export function decodeEmbedding(template: string): number[] {
  const buf = Buffer.from(template, 'base64');
  return Array.from(new Float32Array(buf.buffer, buf.byteOffset, Math.floor(buf.byteLength / 4)));
}

/** The offline engine: detection, mesh and the faceres embedding on this server (./human.ts). */
export const localEngine: EngineFactory = (cfg: FaceConfig): FaceEngine => {
  const decoded = new Map<string, number[]>();
  /** Candidate lists are large and reused (face login): decode each template once per engine. */
  const embeddingOf = (t: string) => {
    let e = decoded.get(t);
    if (!e) {
      e = decodeEmbedding(t);
      if (decoded.size > 50_000) decoded.clear();
      decoded.set(t, e);
    }
    return e;
  };
  return {
    provider: 'local',
    model: cfg.model,
    threshold: cfg.threshold,
    async quality(img) {
      const g = await gate(img);
      return 'reason' in g ? { ok: false, reason: g.reason } : g.quality;
    },
    async enroll(img) {
      const g = await gate(img);
      return 'reason' in g ? g : { template: encodeEmbedding(g.face.embedding) };
    },
    async compare(img, enrolled: EnrolledFace) {
      const g = await gate(img);
      if ('reason' in g) return g;
      return verdictOf(cfg, await similarity(g.face.embedding, embeddingOf(enrolled.template)));
    },
    async compareImages(live, reference) {
      // The reference first: a photo without a usable face is its own reason, whatever the capture shows.
      const r = await gate(reference);
      if ('reason' in r) return r;
      const g = await gate(live);
      if ('reason' in g) return g;
      return verdictOf(cfg, await similarity(g.face.embedding, r.face.embedding));
    },
    async identify(img, candidates) {
      const g = await gate(img);
      if ('reason' in g) return g;
      let best: { userId: string; score: number } | undefined;
      for (const c of await candidates()) {
        const score = await similarity(g.face.embedding, embeddingOf(c.template));
        if (!best || score > best.score) best = { userId: c.userId, score };
      }
      if (!best) return { reason: FACE_REASONS.noMatch };
      const v = verdictOf(cfg, best.score);
      return v.pass ? { userId: best.userId, ...v } : { reason: FACE_REASONS.noMatch };
    },
  };
};
