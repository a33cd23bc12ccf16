import type { BodyOf, NoticeCalls, NoticeRow } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  fmtTime,
  forbidden,
  newId,
  notFound,
  pageQuery,
  sanitizeRichText,
} from '@exam/server-kit';
import * as repo from './notice-repository';

const MANAGE = 'sys:notice:list';
const toRow = (n: repo.NoticeRecord): NoticeRow => ({
  id: n.id,
  title: n.title,
  content: n.content,
  state: n.state,
  createTime: fmtTime(n.createTime),
});

/** Notices: managers keep them, everybody signed in reads the published ones (state 0). */
export function noticeService({ db }: { db: Db }) {
  return {
    page(q: BodyOf<typeof NoticeCalls.paging>, me: AuthUser) {
      const p = q.params ?? {};
      // Only notice managers may list disabled notices; everybody else sees published ones.
      const filter = { state: me.permissions.includes(MANAGE) ? p.state : 0, title: p.title };
      return pageQuery(
        q,
        async (limit, offset) => (await repo.noticeRows(db, filter, limit, offset)).map(toRow),
        () => repo.noticeCount(db, filter),
      );
    },

    /** A disabled notice does not exist for readers who cannot manage notices. */
    async detail(id: string, me: AuthUser) {
      const n = await repo.noticeById(db, id);
      if (!n || (n.state !== 0 && !me.permissions.includes(MANAGE))) throw notFound('公告不存在或已下线！');
      return toRow(n);
    },

    /** Rich content is sanitized here, on write, so every reader gets clean HTML (DESIGN §4). */
    async save(b: BodyOf<typeof NoticeCalls.save>, me: AuthUser) {
      const title = b.title.trim();
      if (!title) throw badRequest('公告标题不能为空！');
      const content = sanitizeRichText(b.content);
      if (!content) throw badRequest('公告内容不能为空！');
      if (!b.id) {
        if (!me.permissions.includes('sys:notice:add')) throw forbidden();
        const id = newId();
        await repo.insertNotice(db, { id, title, content, state: b.state ?? 0, createBy: me.id });
        return { id };
      }
      if (!me.permissions.includes('sys:notice:update')) throw forbidden();
      if (
        !(await repo.updateNotice(db, b.id, { title, content, ...(b.state === undefined ? {} : { state: b.state }) }))
      )
        throw notFound('公告不存在或已被删除！');
      return { id: b.id };
    },

    remove: (ids: string[]) => repo.deleteNotices(db, ids),
    setState: (ids: string[], state: number) => repo.setNoticeState(db, ids, state),
  };
}
