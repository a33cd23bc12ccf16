import { type Bus, type Db, CacheChannel, QuType, changedIds } from '@exam/server-kit';
import { type FullQu, loadQuestions } from './qu-load';

/**
 * A question as far as a learner may ever see it during an exam: stem, options (id, text, picture),
 * matching's right-hand items, children. Built from an allow-list, so right flags, option scores,
 * fill-in and matching answers and the analysis are not even in memory on the exam screen's path.
 */
export type ViewQu = {
  id: string; quType: number; content: string; options: { id: string; content: string; image: string }[]; rightList: string[]; subs: ViewQu[];
};

/** Matching right-hand items in an order that says nothing about the pairs (sorted by text). */
const rightItems = (q: FullQu) => [...new Set(q.options.map((o) => o.answer.trim()))].sort((a, b) => a.localeCompare(b, 'zh'));

export function toViewQu(q: FullQu): ViewQu {
  return {
    id: q.id,
    quType: q.quType,
    content: q.content,
    // A fill-in "option" is a blank: only how many there are leaves (by id, for the paper's order).
    options: q.options.map((o) => (q.quType === QuType.FILL ? { id: o.id, content: '', image: '' } : { id: o.id, content: o.content, image: o.image })),
    rightList: q.quType === QuType.MATCH ? rightItems(q) : [],
    subs: q.subs.map(toViewQu),
  };
}

const MAX_ENTRIES = 20_000;

/**
 * Learner views of questions by id and version (the question's update time: every edit of a question,
 * its options or children sets it), so a stale view is never served even before the bus's drop
 * message arrives; the bus only frees memory early. Questions held by open papers cannot be edited
 * (repo's qu-service), so during an exam every lookup hits.
 */
export function quViewCache(db: Db, bus: Bus) {
  const views = new Map<string, { ver: number; view: ViewQu }>();
  // Loads under way by question id: a start storm's first papers share them instead of each reading the same questions.
  const loading = new Map<string, Promise<unknown>>();
  void bus.subscribe(CacheChannel.QU_CHANGED, (m) => {
    const ids = changedIds(m);
    if (!ids) views.clear();
    else for (const id of ids) views.delete(id);
  }).catch(() => {});

  async function load(ids: string[]) {
    const loaded = await loadQuestions(db, ids);
    if (views.size + loaded.size > MAX_ENTRIES) views.clear();
    for (const [id, q] of loaded) views.set(id, { ver: q.updateTime.getTime(), view: toViewQu(q) });
  }
  const fresh = (w: { quId: string; ver: Date }) => {
    const hit = views.get(w.quId);
    // A newer version than the paper's row saw is fine too (loaded after an edit in between).
    return hit && hit.ver >= w.ver.getTime() ? hit.view : undefined;
  };

  return {
    /** Views of the given question versions; the missing ones are loaded in one go (or awaited when already loading). */
    async get(wanted: { quId: string; ver: Date }[]): Promise<Map<string, ViewQu>> {
      const missing: string[] = [];
      const waits = new Set<Promise<unknown>>();
      for (const w of wanted) {
        if (fresh(w)) continue;
        const under = loading.get(w.quId);
        if (under) waits.add(under);
        else missing.push(w.quId);
      }
      if (missing.length) {
        const p = load(missing).finally(() => {
          for (const id of missing) if (loading.get(id) === p) loading.delete(id);
        });
        for (const id of missing) loading.set(id, p);
        waits.add(p);
      }
      await Promise.allSettled(waits);
      const out = new Map<string, ViewQu>();
      const still = wanted.filter((w) => !fresh(w)).map((w) => w.quId);
      if (still.length) await load(still); // a shared load that failed or predated an edit
      for (const w of wanted) {
        const v = views.get(w.quId)?.view;
        if (v) out.set(w.quId, v);
      }
      return out;
    },
  };
}
