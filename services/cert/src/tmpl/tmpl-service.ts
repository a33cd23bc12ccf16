import { type BodyOf, CERT_SAMPLE, type CertTmplCalls, type CertTmplDetail, type CertTmplRow } from '@exam/contracts';
import { conflict, type Db, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import { verifyUrl } from '../badge/credential';
import type { CertFiles } from '../files/cert-files';
import { chineseDate, tmplRenderer } from '../render/tmpl-render';
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

/** A verification code as long as a real one, so the preview's QR code is as dense as a certificate's. */
const SAMPLE_CODE = 'SAMPLE'.padEnd(26, '0');

/** Certificate templates: the page, its background and the placed elements (checked in full before any write). */
export function tmplService({ db, files, origin }: { db: Db; files: CertFiles; origin: string }) {
  const repo = tmplRepository(db);
  const render = tmplRenderer(files);
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

    /** An unsaved template drawn with the sample holder, today's date and an expiry two years on; nothing is stored. */
    async preview(b: BodyOf<typeof CertTmplCalls.preview>) {
      const today = new Date();
      const expiry = new Date(today);
      expiry.setFullYear(today.getFullYear() + 2);
      return Buffer.from(
        await render(await checkTemplate(b, files), {
          ...CERT_SAMPLE,
          grantDate: chineseDate(today),
          expireDate: chineseDate(expiry),
          verifyUrl: verifyUrl(origin, SAMPLE_CODE),
        }),
      );
    },

    async remove(ids: string[]) {
      if (await repo.rulesUsing(ids)) throw conflict('证书模板正在被发放规则使用，不能删除！');
      await repo.remove(ids);
    },
  };
}
