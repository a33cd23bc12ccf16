import { BookCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { bookService } from './book-service';

/** Learner book calls under /api/client/book. */
export async function bookRoutes(app: FastifyInstance) {
  const svc = bookService(app.db);
  route(app, BookCalls.paging, {}, (req) => svc.paging(userOf(req).id, req.body));
  route(app, BookCalls.detail, {}, (req) => svc.detail(userOf(req).id, req.body.id));
  route(app, BookCalls.delete, {}, (req) =>
    svc.delete(userOf(req).id, req.body.ids, req.body.removeFav, req.body.removeNote),
  );
  route(app, BookCalls.autoRemove, {}, (req) => svc.autoRemove(userOf(req).id, req.body.refId, req.body.quId));
  route(app, BookCalls.markFav, {}, (req) => svc.markFav({ userId: userOf(req).id, ...req.body }, req.body.favMark));
  route(app, BookCalls.findMark, {}, (req) => svc.findMark({ userId: userOf(req).id, ...req.body }));
  route(app, BookCalls.writeNote, {}, (req) =>
    svc.writeNote({ userId: userOf(req).id, ...req.body }, req.body.favNote),
  );
}
