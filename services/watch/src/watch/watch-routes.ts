import { WATCH_CAPTURE_URL, WatchCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { watchService } from './watch-service';

/** The proctor's reads of a running exam: stats bar, live grid and handed-in papers. */
export async function watchRoutes(app: FastifyInstance) {
  const svc = watchService({ db: app.db, infra: app.infra });
  const opts = { permission: 'exam:watch' };

  // Proctors holding only exam:watch pick the exam here (the admin exam list needs another permission).
  route(app, WatchCalls.exams, opts, (req) => svc.exams(req.body));
  route(app, WatchCalls.stat, opts, (req) => svc.stat(req.body.id));
  route(app, WatchCalls.process, opts, (req) => svc.process(req.body));
  route(app, WatchCalls.hand, opts, (req) => svc.hand(req.body));

  // The image bytes of a paper's latest capture, for proctors only (the grid carries just this address).
  app.post<{ Params: { paperId: string } }>(
    `${WATCH_CAPTURE_URL}/:paperId`,
    {
      config: { permission: 'exam:watch' },
      schema: {
        params: {
          type: 'object',
          properties: { paperId: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['paperId'],
        },
      },
    },
    async (req, reply) => {
      const img = await svc.capture(req.params.paperId);
      return reply.type(img.type).header('cache-control', 'private, no-store').send(img.data);
    },
  );
}
