import {
  type Bus,
  type Db,
  type FullQu,
  type Tx,
  CacheChannel,
  QuType,
  changedIds,
  loadQuestions,
  rightItems,
} from '@exam/server-kit';
import { toQuJson } from './paper-view';

/**
 * A question as far as a learner may ever see it during an exam: stem, options (id, text, picture),
 * matching's right-hand items, children. Built from an allow-list, so right flags, option scores,
 * fill-in and matching answers and the analysis are not even in memory on the exam screen's path.
 */
export type ViewQu = {
  id: string;
  quType: number;
  content: string;
  options: { id: string; content: string; image: string }[];
  rightList: string[];
  subs: ViewQu[];
};

export function toViewQu(q: FullQu): ViewQu {
  return {
    id: q.id,
    quType: q.quType,
    content: q.content,
    // A fill-in "option" is a blank: only how many there are leaves (by id, for the paper's order).
    options: q.options.map((o) =>
      q.quType === QuType.FILL
        ? { id: o.id, content: '', image: '' }
        : { id: o.id, content: o.content, image: o.image },
    ),
    rightList: q.quType === QuType.MATCH ? rightItems(q) : [],
    subs: q.subs.map(toViewQu),
  };
}

const MAX_ENTRIES = 20_000;

/**
 * Questions by id and version (the question's update time: every edit of a question, its options or
 * children sets it), each kept as `make` shapes it, so a stale one is never served even before the
 * bus's drop message arrives; the bus only frees memory early. Questions held by open papers cannot be
 * edited (repo's qu-service), so during an exam and its grading every lookup hits.
 */
export function versionedQus<T>(db: Db, bus: Bus, make: (q: FullQu) => T) {
  const views = new Map<string, { ver: number; view: T }>();
  // Loads under way by question id: a start storm's first papers share them instead of each reading the same questions.
  const loading = new Map<string, Promise<unknown>>();
  void bus
    .subscribe(CacheChannel.QU_CHANGED, (m) => {
      const ids = changedIds(m);
      if (!ids) views.clear();
      else for (const id of ids) views.delete(id);
    })
    .catch(() => {});

  async function load(ids: string[], via: Db | Tx) {
    const loaded = await loadQuestions(via, ids);
    if (views.size + loaded.size > MAX_ENTRIES) views.clear();
    for (const [id, q] of loaded) views.set(id, { ver: q.updateTime.getTime(), view: make(q) });
  }
  const fresh = (w: { quId: string; ver: number }) => {
    const hit = views.get(w.quId);
    // A newer version than the paper's row saw is fine too (loaded after an edit in between).
    return hit && hit.ver >= w.ver ? hit.view : undefined;
  };

  return {
    /**
     * The given question versions (update time in ms); the missing ones are loaded in one go (or awaited when already
     * loading), through `via` when the caller holds a transaction (PGlite has one connection).
     */
    async get(wanted: { quId: string; ver: number }[], via: Db | Tx = db): Promise<Map<string, T>> {
      const missing: string[] = [];
      const waits = new Set<Promise<unknown>>();
      for (const w of wanted) {
        if (fresh(w)) continue;
        const under = loading.get(w.quId);
        if (under) waits.add(under);
        else missing.push(w.quId);
      }
      if (missing.length) {
        const p = load(missing, via).finally(() => {
          for (const id of missing) if (loading.get(id) === p) loading.delete(id);
        });
        for (const id of missing) loading.set(id, p);
        waits.add(p);
      }
      await Promise.allSettled(waits);
      const out = new Map<string, T>();
      const still = wanted.filter((w) => !fresh(w)).map((w) => w.quId);
      if (still.length) await load(still, via); // a shared load that failed or predated an edit
      for (const w of wanted) {
        const v = views.get(w.quId)?.view;
        if (v) out.set(w.quId, v);
      }
      return out;
    },
  };
}

/** The learner-safe views the exam screen is served from, as JSON pieces (paper-view.ts). */
export const quViewCache = (db: Db, bus: Bus) => versionedQus(db, bus, (q) => toQuJson(toViewQu(q)));
