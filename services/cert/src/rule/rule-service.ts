import type { BodyOf, CertRuleCalls, CertRuleRow } from '@exam/contracts';
import { badRequest, conflict, type Db, fmtTime, newId, notFound, pageQuery } from '@exam/server-kit';
import { type RuleFields, ruleRepository } from './rule-repository';

const SOURCE_NAMES: Record<string, string> = { exam: '考试', course: '课程' };

/** Grant rules: a template attached to an exam or a course, one rule per source, with validity and number format. */
export function ruleService({ db }: { db: Db }) {
  const repo = ruleRepository(db);
  return {
    page(q: BodyOf<typeof CertRuleCalls.paging>) {
      const f = {
        title: q.params?.title?.trim() || undefined,
        sourceType: q.params?.sourceType || undefined,
        tmplId: q.params?.tmplId || undefined,
      };
      return pageQuery<CertRuleRow>(
        q,
        async (limit, offset) =>
          (await repo.rows(f, limit, offset)).map((r) => ({ ...r, createTime: fmtTime(r.createTime) })),
        () => repo.count(f),
      );
    },

    async save(b: BodyOf<typeof CertRuleCalls.save>) {
      const title = b.title.trim();
      if (!title) throw badRequest('请输入证书名称！');
      if (!(await repo.tmplExists(b.tmplId))) throw badRequest('证书模板不存在！');
      if ((await repo.sourceTitleOf(b.sourceType, b.sourceId)) === undefined)
        throw badRequest(`${SOURCE_NAMES[b.sourceType]}不存在！`);
      if (await repo.otherFor(b.sourceType, b.sourceId, b.id))
        throw conflict(`该${SOURCE_NAMES[b.sourceType]}已设置证书发放规则！`);
      const fields: RuleFields = {
        tmplId: b.tmplId,
        title,
        sourceType: b.sourceType,
        sourceId: b.sourceId,
        validMonths: b.validMonths,
        numPrefix: b.numPrefix.trim(),
        numYear: b.numYear,
        numDigits: b.numDigits,
        enabled: b.enabled,
      };
      if (!b.id) {
        const id = newId();
        await repo.insert(id, fields);
        return { id };
      }
      const old = await repo.byId(b.id);
      if (!old || old.sourceType === 'manual') throw notFound('证书发放规则不存在！');
      await repo.update(b.id, fields);
      return { id: b.id };
    },

    /** Rules that granted certificates stay (the certificates point at them): disable them instead. */
    async remove(ids: string[]) {
      if (await repo.grantsOf(ids)) throw conflict('该规则已发放证书，不能删除，可停用！');
      await repo.remove(ids);
    },
  };
}
