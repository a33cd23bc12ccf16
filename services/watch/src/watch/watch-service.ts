import type { BodyOf, WatchCalls, WatchRow } from '@exam/contracts';
import { type Db, type Infra, notFound } from '@exam/server-kit';
import { createReminders } from '../socket/reminders';
import { watchRepository } from './watch-repository';

const EXAM_GONE = '考试不存在或已删除！';
const NO_CAPTURE = '暂无抓拍！';
const DATA_URL = /^data:(image\/[a-z]+);base64,(.*)$/s;

/** The proctor's reads of a running exam: stats bar, live grid (with who is online) and handed-in papers. */
export function watchService({ db, infra }: { db: Db; infra: Infra }) {
  const repo = watchRepository(db);
  const reminders = createReminders(infra);
  const mustExist = async (examId: string) => {
    if (!(await repo.examExists(examId))) throw notFound(EXAM_GONE);
  };

  return {
    exams: (q: BodyOf<typeof WatchCalls.exams>) => repo.exams(q.params?.title?.trim() || undefined, q),

    async stat(examId: string) {
      await mustExist(examId);
      return repo.stat(examId);
    },

    async process(q: BodyOf<typeof WatchCalls.process>) {
      const p = q.params;
      await mustExist(p.examId);
      // Presence lives in the shared key-value store, so it is right whichever replica holds the socket.
      const online = new Set(await reminders.online(p.examId));
      const only = p.online && !p.offline ? true : p.offline && !p.online ? false : undefined;
      const page = await repo.process(
        {
          examId: p.examId,
          deptCode: p.deptCode?.trim() || undefined,
          realName: p.realName?.trim() || undefined,
          onlineIds: only === undefined ? undefined : { ids: [...online], in: only },
        },
        q,
      );
      const records: WatchRow[] = page.records.map((r) => ({ ...r, online: online.has(r.userId) }));
      return { ...page, records };
    },

    /** The image of a paper's latest capture, from its stored data URL. */
    async capture(paperId: string): Promise<{ type: string; data: Buffer }> {
      const m = DATA_URL.exec((await repo.capture(paperId)) ?? '');
      if (!m) throw notFound(NO_CAPTURE);
      return { type: m[1], data: Buffer.from(m[2], 'base64') };
    },

    async hand(q: BodyOf<typeof WatchCalls.hand>) {
      await mustExist(q.params.examId);
      return repo.handed(
        { examId: q.params.examId, realName: q.params.realName?.trim() || undefined, hasEx: q.params.hasEx },
        q,
      );
    },
  };
}
