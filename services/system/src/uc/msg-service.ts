import type { BodyOf, UcCalls } from '@exam/contracts';
import { type Db, fmtTime, notFound, pageQuery, sanitizeRichText } from '@exam/server-kit';
import * as repo from './msg-repository';

const row = (m: repo.MsgRecord) => ({
  id: m.id,
  title: m.title,
  readFlag: m.readFlag ? 1 : 0,
  createTime: fmtTime(m.createTime),
});

/** In-site messages of the signed-in user (MyMessage): only ever the caller's own rows. */
export function msgService({ db }: { db: Db }) {
  return {
    page(q: BodyOf<typeof UcCalls.msgPaging>, userId: string) {
      const p = q.params ?? {};
      const f = { title: p.title, read: p.readFlag === undefined ? undefined : p.readFlag === 1 };
      return pageQuery(
        q,
        async (limit, offset) => (await repo.msgRows(db, userId, f, limit, offset)).map(row),
        () => repo.msgCount(db, userId, f),
      );
    },

    /** Reading a message marks it read. */
    async read(userId: string, id: string) {
      const m = await repo.readOwn(db, userId, id);
      if (!m) throw notFound();
      // Messages come from templates and other services; cleaned again here, since the client renders them as HTML.
      return { ...row(m), content: sanitizeRichText(m.content) };
    },

    markRead: (userId: string, ids?: string[]) => repo.markRead(db, userId, ids),
    unread: (userId: string) => repo.unreadCount(db, userId),
  };
}
