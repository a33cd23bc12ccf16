import { CERT_JWKS_PATH, CertGrantCalls, CertMineCalls, CertTmplCalls, CertVerifyCalls } from '@exam/contracts';
import { jobQueue, modulesChanged, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { CERT_QUEUES } from './grant/grant-service';
import { type Ctx, certTestApp, COURSE_ID, EXAM_ID, USERS, waitFor } from './testing/fixture';
import { courseRuleBody, examRuleBody, grantsOf, queueDone, saveRule, saveTmpl, testGrants } from './testing/grants';

let ctx: Ctx;
let tmplId: string;
let ruleId: string;
beforeAll(async () => {
  ctx = await certTestApp();
  tmplId = await saveTmpl(ctx, {
    name: '结业证书',
    elements: [
      { type: 'title', x: 421, y: 80, fontSize: 30, align: 'center' },
      { type: 'realName', x: 421, y: 180, fontSize: 24, align: 'center' },
      { type: 'qrcode', x: 680, y: 400, width: 100 },
    ],
  });
  ruleId = (await saveRule(ctx, courseRuleBody(tmplId))).body.data.id;
}, 60_000);
afterAll(() => ctx.app.close());

const messagesOf = (userId: string) =>
  ctx.app.db.select().from(schema.sysUserMsg).where(eq(schema.sysUserMsg.userId, userId));
const grantOf = async (userId: string) => (await grantsOf(ctx, ruleId, userId))[0];
/** The site's module switches (the system service's config row; these tests run without it). */
const switchCert = async (moduleCert: boolean) => {
  await ctx.app.db
    .insert(schema.sysConfig)
    .values({ id: '1', siteName: '培训平台', props: { moduleCert }, switchConfig: {} })
    .onConflictDoUpdate({ target: schema.sysConfig.id, set: { props: { moduleCert } } });
  await modulesChanged(ctx.app.infra.bus);
};

describe('the certificate service in the platform', () => {
  it('a grant tells its holder in 站内信息 once, in the same transaction; a replay tells nothing more', async () => {
    const jobs = jobQueue(ctx.app.db);
    const before = (await messagesOf(USERS.learner)).length;
    for (let i = 0; i < 3; i++)
      await jobs.enqueue(ctx.app.db, CERT_QUEUES.COURSE_FINISHED, { userId: USERS.learner, sourceId: COURSE_ID });
    await queueDone(ctx, CERT_QUEUES.COURSE_FINISHED);
    expect(await grantOf(USERS.learner)).toMatchObject({ number: 'XF0001' });
    const added = (await messagesOf(USERS.learner)).slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        title: '证书发放通知',
        content: '<p>恭喜您获得证书：消防安全结业证书。可在个人中心的“我的证书”中查看、下载和验证。</p>',
        readFlag: false,
      }),
    ]);
    // A manual batch to the same learner finds the grant: no second message either.
    const batch = await call(ctx.app, CertGrantCalls.manual.url, { ruleId, userIds: [USERS.learner] }, ctx.admin);
    expect(batch.body.data).toMatchObject({ granted: 0, existing: 1 });
    expect((await messagesOf(USERS.learner)).length).toBe(before + 1);
  });

  it('moduleCert off: learner and admin calls are refused; verification and the JWKS keep working', async () => {
    const g = await grantOf(USERS.learner);
    await switchCert(false);
    try {
      for (const [url, body, token] of [
        [CertMineCalls.paging.url, {}, ctx.learner],
        [CertGrantCalls.paging.url, {}, ctx.admin],
        [CertTmplCalls.paging.url, {}, ctx.admin],
      ] as const)
        expect(await call(ctx.app, url, body, token)).toMatchObject({
          status: 403,
          body: { msg: '证书模块未开启！', success: false },
        });
      const pdf = await ctx.app.inject({
        method: 'POST',
        url: CertMineCalls.pdf.url,
        headers: { token: ctx.learner, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: g.id }),
      });
      expect([pdf.statusCode, pdf.json().msg]).toEqual([403, '证书模块未开启！']);

      const verified = await call(ctx.app, CertVerifyCalls.detail.url, { code: g.code });
      expect(verified.body.data).toMatchObject({ state: 'valid', title: '消防安全结业证书' });
      const jwks = await ctx.app.inject({ method: 'GET', url: CERT_JWKS_PATH });
      expect(jwks.statusCode).toBe(200);
      const status = await ctx.app.inject({ method: 'GET', url: `/api/cert/status/${g.code}` });
      expect(status.statusCode).toBe(200);
    } finally {
      await switchCert(true);
    }
    expect((await call(ctx.app, CertMineCalls.paging.url, {}, ctx.learner)).body.data.total).toBe(1);
  });

  it('moduleCert off: a passed paper is skipped (logged; no certificate, no message); switched on, the next pass grants', async () => {
    const examRule = (await saveRule(ctx, examRuleBody(tmplId))).body.data.id;
    const jobs = jobQueue(ctx.app.db);
    // A paper graded as passed, as the exam service tells it; the app's own worker takes the job.
    const pass = async () => {
      const id = await jobs.enqueue(ctx.app.db, CERT_QUEUES.PAPER_PASSED, {
        userId: USERS.learner2,
        sourceId: EXAM_ID,
        score: 90,
      });
      await waitFor(async () => {
        const [job] = await ctx.app.db.select().from(schema.sysJob).where(eq(schema.sysJob.id, id!));
        return job?.state === 'done';
      });
    };
    const messages = (await messagesOf(USERS.learner2)).length;
    await switchCert(false);
    try {
      await pass();
      expect(await grantsOf(ctx, examRule, USERS.learner2)).toEqual([]);
      expect(await messagesOf(USERS.learner2)).toHaveLength(messages);
      const manual = await call(
        ctx.app,
        CertGrantCalls.manual.url,
        { ruleId: examRule, userIds: [USERS.learner2] },
        ctx.admin,
      );
      expect(manual).toMatchObject({ status: 403, body: { msg: '证书模块未开启！' } });

      // The skip is recorded in the server's log, and the event counts as handled (not failed, not retried).
      const logged: Record<string, unknown>[] = [];
      const grants = testGrants(ctx, (fields, msg) => logged.push({ ...fields, msg }));
      const failed = await grants.onEvents('exam', [
        { id: 'j-1', payload: { userId: USERS.learner2, sourceId: EXAM_ID } },
      ]);
      expect(failed.size).toBe(0);
      expect(logged).toEqual([
        expect.objectContaining({
          sourceType: 'exam',
          userId: USERS.learner2,
          sourceId: EXAM_ID,
          msg: expect.stringMatching(/skipped/),
        }),
      ]);
      expect(await grants.onEvent('exam', { userId: USERS.learner2, sourceId: EXAM_ID })).toBeNull();
      expect(await grantsOf(ctx, examRule, USERS.learner2)).toEqual([]);
    } finally {
      await switchCert(true);
    }
    // Switching on again grants nothing for the skipped passes; the next pass grants, and tells the learner.
    expect(await grantsOf(ctx, examRule, USERS.learner2)).toEqual([]);
    await pass();
    expect(await grantsOf(ctx, examRule, USERS.learner2)).toEqual([
      expect.objectContaining({ number: 'AQ0001', score: 90 }),
    ]);
    expect(await messagesOf(USERS.learner2)).toHaveLength(messages + 1);
  });
});
