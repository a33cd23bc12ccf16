import { WATCH_CAPTURE_URL, type WatchRow, WatchCalls } from '@exam/contracts';
import { notFound, pageOf, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { createReminders } from '../socket/reminders';
import { watchRepository } from './watch-repository';

const EXAM_GONE = '考试不存在或已删除！';
const NO_CAPTURE = '暂无抓拍！';
const DATA_URL = /^data:(image\/[a-z]+);base64,(.*)$/s;

/** The proctor's reads of a running exam: stats bar, live grid and handed-in papers. */
export async function watchRoutes(app: FastifyInstance) {
  const repo = watchRepository(app.db);
  const reminders = createReminders(app.infra);
  const mustExist = async (examId: string) => {
    if (!(await repo.examExists(examId))) throw notFound(EXAM_GONE);
  };

  // Proctors holding only exam:watch pick the exam here (the admin exam list needs another permission).
  route(app, WatchCalls.exams, { permission: 'exam:watch' }, async (req) => {
    const { current, size, offset } = pageOf(req.body);
    const page = await repo.exams(req.body.params?.title?.trim() || undefined, size, offset);
    return { records: page.rows, total: page.total, pages: Math.ceil(page.total / size), current, size };
  });

  route(app, WatchCalls.stat, { permission: 'exam:watch' }, async (req) => {
    await mustExist(req.body.id);
    return repo.stat(req.body.id);
  });

  route(app, WatchCalls.process, { permission: 'exam:watch' }, async (req) => {
    const q = req.body;
    const p = q.params;
    await mustExist(p.examId);
    const { current, size, offset } = pageOf(q);
    // Presence lives in the shared key-value store, so it is right whichever replica holds the socket.
    const online = new Set(await reminders.online(p.examId));
    const only = p.online && !p.offline ? true : p.offline && !p.online ? false : undefined;
    const page = await repo.process({
      examId: p.examId, deptCode: p.deptCode?.trim() || undefined, realName: p.realName?.trim() || undefined,
      onlineIds: only === undefined ? undefined : { ids: [...online], in: only },
    }, size, offset);
    const records: WatchRow[] = page.rows.map((r) => ({ ...r, online: online.has(r.userId) }));
    return { records, total: page.total, pages: Math.ceil(page.total / size), current, size };
  });

  // The image bytes of a paper's latest capture, for proctors only (the grid carries just this address).
  app.post<{ Params: { paperId: string } }>(`${WATCH_CAPTURE_URL}/:paperId`, {
    config: { permission: 'exam:watch' },
    schema: { params: { type: 'object', properties: { paperId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['paperId'] } },
  }, async (req, reply) => {
    const m = DATA_URL.exec((await repo.capture(req.params.paperId)) ?? '');
    if (!m) throw notFound(NO_CAPTURE);
    return reply.type(m[1]).header('cache-control', 'private, no-store').send(Buffer.from(m[2], 'base64'));
  });

  route(app, WatchCalls.hand, { permission: 'exam:watch' }, async (req) => {
    const q = req.body;
    await mustExist(q.params.examId);
    const { current, size, offset } = pageOf(q);
    const page = await repo.handed({ examId: q.params.examId, realName: q.params.realName?.trim() || undefined, hasEx: q.params.hasEx }, size, offset);
    return { records: page.rows, total: page.total, pages: Math.ceil(page.total / size), current, size };
  });
}
