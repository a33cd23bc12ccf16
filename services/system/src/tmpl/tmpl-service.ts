import type { BodyOf, TmplCalls, TmplDetail } from '@exam/contracts';
import { type Db, badRequest, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import * as repo from './tmpl-repository';

const toDetail = (t: repo.TmplRow): TmplDetail => ({
  id: t.id,
  title: t.title,
  code: t.code,
  content: t.content,
  remark: t.remark,
  createTime: fmtTime(t.createTime),
});

/** Message templates: titled texts the platform sends to users. */
export function tmplService({ db }: { db: Db }) {
  return {
    page(q: BodyOf<typeof TmplCalls.paging>) {
      const title = q.params?.title;
      return pageQuery(
        q,
        async (limit, offset) => (await repo.tmplRows(db, title, limit, offset)).map(toDetail),
        () => repo.tmplCount(db, title),
      );
    },

    async detail(id: string) {
      const t = await repo.tmplById(db, id);
      if (!t) throw notFound('消息模板不存在！');
      return toDetail(t);
    },

    async save(b: BodyOf<typeof TmplCalls.save>) {
      const title = b.title.trim();
      if (!title) throw badRequest('模板标题不能为空！');
      if (!b.content.trim()) throw badRequest('模板内容不能为空！');
      const values = { title, code: (b.code ?? '').trim(), content: b.content.trim(), remark: (b.remark ?? '').trim() };
      if (!b.id) {
        const id = newId();
        await repo.insertTmpl(db, id, values);
        return { id };
      }
      if (!(await repo.updateTmpl(db, b.id, values))) throw notFound('消息模板不存在！');
      return { id: b.id };
    },
  };
}
