import type { ExamRule } from '@exam/contracts';
import { type Bus, type Db, type FullQu, CacheChannel, changedIds, changedMessage } from '@exam/server-kit';
import { type ExamRecord, examById, peopleOf, rulesOf } from './exam-repository';
import { quViewCache, versionedQus } from '../paper/qu-cache';
import { type Pool, loadPool } from './paper-draw';

/** A kept exam is read again after this long even without a change message (a lost message heals). */
const KEEP_MS = 30_000;

/** pool and people are promises, so a crowd of first requests shares one read. */
export type CachedExam = {
  exam: ExamRecord;
  rules: ExamRule[];
  pool?: Promise<Pool>;
  people?: Promise<Set<string>>;
  at: number;
};

/**
 * The exams being taken, as create-paper and the exam screen need them: the row, the rules, the
 * banks' candidates with their option ids (the pool) and, for open type 3, the people. Kept per
 * replica; dropped through the bus when an exam is saved, disabled or deleted (EXAM_CHANGED) and,
 * for pools, when any question or bank changes (QU_CHANGED). A start storm of one exam therefore
 * reads it once per replica instead of once per examinee.
 */
export function examCache(db: Db, bus: Bus) {
  const kept = new Map<string, CachedExam>();
  const loading = new Map<string, Promise<CachedExam>>();
  let gen = 0; // a read that began before a drop is not kept
  const drop = (ids?: string[]) => {
    gen++;
    loading.clear();
    if (!ids) kept.clear();
    else for (const id of ids) kept.delete(id);
  };
  void bus.subscribe(CacheChannel.EXAM_CHANGED, (m) => drop(changedIds(m))).catch(() => {});
  void bus
    .subscribe(CacheChannel.QU_CHANGED, () => {
      for (const e of kept.values()) e.pool = undefined;
    })
    .catch(() => {});

  async function entry(examId: string): Promise<CachedExam> {
    const e = kept.get(examId);
    if (e && Date.now() - e.at < KEEP_MS) return e;
    // Concurrent first requests share one read.
    let p = loading.get(examId);
    if (!p) {
      const began = gen;
      const mine: Promise<CachedExam> = (async () => {
        const exam = await examById(db, examId);
        const fresh: CachedExam = { exam, rules: await rulesOf(db, examId), at: Date.now() };
        if (began === gen) kept.set(examId, fresh);
        return fresh;
      })().finally(() => loading.get(examId) === mine && loading.delete(examId));
      loading.set(examId, mine);
      p = mine;
    }
    return p;
  }

  return {
    drop,

    /** The exam and its rules (404 for an unknown exam). */
    get: entry,

    /** The banks' pool for drawing this exam's papers. */
    async pool(examId: string): Promise<{ exam: ExamRecord; rules: ExamRule[]; pool: Pool }> {
      const e = await entry(examId);
      const p = (e.pool ??= loadPool(db, e.rules, true));
      p.catch(() => e.pool === p && (e.pool = undefined));
      return { exam: e.exam, rules: e.rules, pool: await p };
    },

    /** Whether a learner is one of an open-type-3 exam's people. */
    async hasPerson(examId: string, userId: string): Promise<boolean> {
      const e = await entry(examId);
      const p = (e.people ??= peopleOf(db, examId).then((ids) => new Set(ids)));
      p.catch(() => e.people === p && (e.people = undefined));
      return (await p).has(userId);
    },
  };
}

export type ExamCache = ReturnType<typeof examCache>;

type Caches = {
  exams: ExamCache;
  views: ReturnType<typeof quViewCache>;
  /** Whole questions (answers included) for the grading workers: never reaches a reply. */
  graded: ReturnType<typeof versionedQus<FullQu>>;
  examChanged: (ids?: string[]) => Promise<void>;
};
const perDb = new WeakMap<Db, Caches>();

/**
 * The exam service's read caches, one set per database handle (every plugin of the service shares
 * it). examChanged drops this replica's copies at once and tells the others through the bus.
 */
export function readCaches(db: Db, bus: Bus) {
  let c = perDb.get(db);
  if (!c) {
    const exams = examCache(db, bus);
    c = {
      exams,
      views: quViewCache(db, bus),
      graded: versionedQus(db, bus, (q) => q),
      examChanged: async (ids) => {
        exams.drop(ids);
        await bus.publish(CacheChannel.EXAM_CHANGED, changedMessage(ids));
      },
    };
    perDb.set(db, c);
  }
  return c;
}
