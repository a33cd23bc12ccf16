import type { BodyOf, CertTmplCalls, CertTmplDetail, CertTmplRow } from '@exam/contracts';
import { conflict, type Db, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import type { CertFiles } from '../files/cert-files';
import { checkTemplate } from './tmpl-check';
import { type TmplRow, tmplRepository } from './tmpl-repository';

const toDetail = (t: TmplRow): CertTmplDetail => ({
  id: t.id,
  name: t.name,
  pageSize: t.pageSize,
  orientation: t.orientation,
  bgImage: t.bgImage,
  // The contract's element schema leaves the storage keys inside.
  elements: t.elements,
  createTime: fmtTime(t.createTime),
  updateTime: fmtTime(t.updateTime),
});

/** Certificate templates: the page, its background and the placed elements (checked in full before any write). */
export function tmplService({ db, files }: { db: Db; files: CertFiles }) {
  const repo = tmplRepository(db);
  return {
    page(q: BodyOf<typeof CertTmplCalls.paging>) {
      const name = q.params?.name?.trim() || undefined;
      return pageQuery<CertTmplRow>(
        q,
        async (limit, offset) =>
          (await repo.rows(name, limit, offset)).map((r) => ({
            ...r,
            createTime: fmtTime(r.createTime),
            updateTime: fmtTime(r.updateTime),
          })),
        () => repo.count(name),
      );
    },

    async detail(id: string) {
      const t = await repo.byId(id);
      if (!t) throw notFound('证书模板不存在！');
      return toDetail(t);
    },

    async save(b: BodyOf<typeof CertTmplCalls.save>) {
      const checked = await checkTemplate(b, files);
      if (!b.id) {
        const id = newId();
        await repo.insert(id, checked);
        return { id };
      }
      if (!(await repo.update(b.id, checked))) throw notFound('证书模板不存在！');
      return { id: b.id };
    },

    async remove(ids: string[]) {
      if (await repo.rulesUsing(ids)) throw conflict('证书模板正在被发放规则使用，不能删除！');
      await repo.remove(ids);
    },
  };
}
