import { type Db, QuType } from '@exam/server-kit';
import { childTypes, layoutOf, paperLayout } from './paper-repository';

/** What a save is checked against: per question its type, option ids in the paper's order, composite children's types. */
export type QuShape = { quType: number; optOrder: Record<string, string[]>; kids: Map<string, number> };
export type PaperShape = { userId: string; qus: Map<string, QuShape> };

/** Papers kept: each about 100 small entries; 20,000 is a few tens of MB at most, far above a running exam's examinees. */
const MAX_PAPERS = 20_000;
const cache = new Map<string, PaperShape>();

/**
 * The shape of a paper's questions, read once per process and kept: a paper's questions, their order
 * and options are fixed when it is drawn, and a question held by an open paper cannot be edited, so
 * there is nothing to invalidate (a replica reading it later reads the same). The owner is kept so an
 * unknown or foreign paper id is refused before anything else (the save statement checks it again).
 */
export async function paperShape(db: Db, paperId: string): Promise<PaperShape | null> {
  const hit = cache.get(paperId);
  if (hit) return hit;
  const paper = await paperLayout(db, paperId);
  if (!paper) return null;
  const rows = layoutOf(paper.qus);
  const comps = rows.filter((r) => r.quType === QuType.COMPOSITE).map((r) => r.quId);
  const kids = comps.length ? await childTypes(db, comps) : [];
  const shape: PaperShape = { userId: paper.userId, qus: new Map() };
  for (const r of rows)
    shape.qus.set(r.quId, {
      quType: r.quType,
      optOrder: r.optOrder,
      kids: new Map(kids.filter((k) => k.parentId === r.quId).map((k) => [k.id, k.quType])),
    });
  if (cache.size >= MAX_PAPERS) cache.delete(cache.keys().next().value!);
  cache.set(paperId, shape);
  return shape;
}

/** A handed-in paper takes no more saves: its shape is dropped (each replica drops its own when it sees the paper closed). */
export const forgetPaperShape = (paperId: string) => cache.delete(paperId);
