/** What the grant tests set up through the admin calls (templates, rules) and read back (grants, the job queue). */
import { CertRuleCalls, CertTmplCalls } from '@exam/contracts';
import { jobQueue, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import { keyService } from '../badge/key-service';
import { certFiles } from '../files/cert-files';
import { type CertLog, grantService } from '../grant/grant-service';
import { COURSE_ID, type Ctx, EXAM_ID, ORIGIN, waitFor } from './fixture';

/** Saves a template as the certificate admin (A4 landscape unless `body` says otherwise): its id. */
export async function saveTmpl(ctx: Ctx, body: { name: string; elements: object[] } & Record<string, unknown>) {
  const r = await call(
    ctx.app,
    CertTmplCalls.save.url,
    { pageSize: 'A4', orientation: 'landscape', ...body },
    ctx.admin,
  );
  return r.body.data.id as string;
}

/** A grant rule as the save call takes it: an exam's, valid 12 months, numbered AQ0001… unless `over` says otherwise. */
export const examRuleBody = (tmplId: string, over: Record<string, unknown> = {}) => ({
  tmplId,
  title: '安全生产合格证书',
  sourceType: 'exam',
  sourceId: EXAM_ID,
  validMonths: 12,
  numPrefix: 'AQ',
  numYear: false,
  numDigits: 4,
  enabled: true,
  ...over,
});
/** The course's rule: never expiring, numbered XF0001…. */
export const courseRuleBody = (tmplId: string) =>
  examRuleBody(tmplId, {
    title: '消防安全结业证书',
    sourceType: 'course',
    sourceId: COURSE_ID,
    validMonths: 0,
    numPrefix: 'XF',
  });
/** Saves a rule as the certificate admin: the call's answer. */
export const saveRule = (ctx: Ctx, body: object) => call(ctx.app, CertRuleCalls.save.url, body, ctx.admin);

/** A learner's grants of a rule. */
export const grantsOf = (ctx: Ctx, ruleId: string, userId: string) =>
  ctx.app.db
    .select()
    .from(schema.certGrant)
    .where(and(eq(schema.certGrant.ruleId, ruleId), eq(schema.certGrant.userId, userId)));

/** Waits until every job of `queue` is done (the app's own worker runs them). */
export const queueDone = (ctx: Ctx, queue: string) =>
  waitFor(async () =>
    (await ctx.app.db.select().from(schema.sysJob).where(eq(schema.sysJob.queue, queue))).every(
      (j) => j.state === 'done',
    ),
  );

/** The grant service over the test app's database, as the service builds it. */
export function testGrants(ctx: Ctx, log?: CertLog) {
  const db = ctx.app.db;
  return grantService({
    db,
    files: certFiles({ db, dataDir: ctx.app.config.dataDir }),
    jobs: jobQueue(db),
    keys: keyService({ db, origin: ORIGIN }),
    origin: ORIGIN,
    log,
  });
}
