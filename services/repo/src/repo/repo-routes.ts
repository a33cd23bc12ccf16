import { RepoCalls } from '@exam/contracts';
import { CacheChannel, changedMessage, route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { chapterService } from './chapter-service';
import { repoService } from './repo-service';

/** Admin bank calls under /api/repo (banks, statistics, chapters). */
export async function repoRoutes(app: FastifyInstance) {
  const repos = repoService(app.db);
  const chapters = chapterService(app.db);
  // The picker of the exam editor lists banks too: exam admins may read the list.
  const read = ['repo:list', 'qu:list', 'exam:list'];
  route(app, RepoCalls.paging, { permission: read }, (req) => repos.paging(req.body));
  route(app, RepoCalls.detail, { permission: read }, (req) => repos.detail(req.body.id));
  route(app, RepoCalls.save, { permission: ['repo:add', 'repo:update'] }, (req) =>
    repos.save(req.body, userOf(req).id),
  );
  route(app, RepoCalls.delete, { permission: 'repo:delete' }, async (req) => {
    const r = await repos.delete(req.body.ids);
    // Its questions are gone: exam draw pools are read again.
    await app.infra.bus.publish(CacheChannel.QU_CHANGED, changedMessage([]));
    return r;
  });
  route(app, RepoCalls.stat, { permission: read }, (req) => repos.stat(req.body.id));
  route(app, RepoCalls.chapterList, { permission: read }, (req) => chapters.list(req.body.repoId, req.body.title));
  route(app, RepoCalls.chapterGroup, {}, (req) => chapters.group(userOf(req).id, req.body.repoId));
  route(app, RepoCalls.chapterSave, { permission: 'repo:update' }, (req) => chapters.save(req.body));
  route(app, RepoCalls.chapterDelete, { permission: 'repo:update' }, (req) => chapters.delete(req.body.ids));
  route(app, RepoCalls.chapterSort, { permission: 'repo:update' }, (req) => chapters.sort(req.body.id, req.body.sort));
}
