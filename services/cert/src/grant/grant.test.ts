import { CertGrantCalls, CertMineCalls, CertTmplCalls } from '@exam/contracts';
import { jobQueue, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, count, eq } from 'drizzle-orm';
import { type Ctx, certTestApp, COURSE_ID, EXAM_ID, ORIGIN, png, upload, USERS, waitFor } from '../testing/fixture';
import { courseRuleBody, examRuleBody, grantsOf, queueDone, saveRule, saveTmpl, testGrants } from '../testing/grants';
import { pdfQrCodes, pdfText } from '../testing/pdf-tools';
import { CERT_QUEUES } from './grant-service';

let ctx: Ctx;
let tmplId: string;
let ruleId: string;
let grants: ReturnType<typeof testGrants>;

const post = (url: string, body: unknown, token: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  ctx = await certTestApp();
  const seal = await upload(ctx.app, png(160, 160));
  tmplId = await saveTmpl(ctx, {
    name: '合格证书',
    elements: [
      { type: 'title', x: 421, y: 70, fontSize: 36, align: 'center' },
      { type: 'realName', x: 421, y: 190, fontSize: 28, align: 'center', text: '兹证明 {} 同志' },
      { type: 'sourceTitle', x: 421, y: 250, fontSize: 18, align: 'center', text: '通过了《{}》' },
      { type: 'number', x: 60, y: 520, fontSize: 12, text: '证书编号：{}' },
      { type: 'department', x: 60, y: 540, fontSize: 12 },
      { type: 'qrcode', x: 680, y: 360, width: 110 },
      { type: 'seal', x: 520, y: 380, width: 100, image: seal },
    ],
  });
  const aq6 = { validMonths: 24, numPrefix: 'AQ-', numYear: true, numDigits: 6 };
  ruleId = (await saveRule(ctx, examRuleBody(tmplId, aq6))).body.data.id;
  grants = testGrants(ctx);
});
afterAll(async () => {
  await ctx?.app.close();
});

describe('granting certificates', () => {
  it('grants a rule to a learner exactly once under 20 parallel events', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        grants.onEvent('exam', { userId: USERS.learner, sourceId: EXAM_ID, score: 92.5 }),
      ),
    );
    expect(results.filter((r) => r?.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r?.id)).size).toBe(1);
    const [g] = await grantsOf(ctx, ruleId, USERS.learner);
    expect(g).toMatchObject({
      realName: '张小三',
      deptName: '安全生产部',
      title: '安全生产合格证书',
      sourceTitle: '2026年安全生产考试',
      score: 92.5,
      state: 'valid',
    });
    expect(g!.number).toBe(`AQ-${new Date().getFullYear()}000001`);
    expect(g!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(g!.expireTime!.getTime() - g!.grantTime.getTime()).toBeGreaterThan(700 * 86400_000);
  });

  it('the paper-passed job grants once (retries and replays too) and its PDF is rendered after', async () => {
    const jobs = jobQueue(ctx.app.db);
    for (let i = 0; i < 3; i++)
      await jobs.enqueue(ctx.app.db, CERT_QUEUES.PAPER_PASSED, {
        userId: USERS.learner2,
        sourceId: EXAM_ID,
        score: 80,
      });
    const g = await waitFor(async () => (await grantsOf(ctx, ruleId, USERS.learner2))[0]);
    expect(g.number).toBe(`AQ-${new Date().getFullYear()}000002`);
    await waitFor(async () => {
      const [r] = await ctx.app.db
        .select({ n: count() })
        .from(schema.sysJob)
        .where(and(eq(schema.sysJob.state, 'done')));
      return Number(r!.n) >= 3;
    });
    expect(await grantsOf(ctx, ruleId, USERS.learner2)).toHaveLength(1);
    expect((await waitFor(async () => (await grantsOf(ctx, ruleId, USERS.learner2))[0]?.pdfKey)).endsWith('.pdf')).toBe(
      true,
    );
  });

  it('a course without a rule, an unknown learner or a malformed payload grants nothing', async () => {
    expect(await grants.onEvent('course', { userId: USERS.learner, sourceId: COURSE_ID })).toBeNull();
    expect(await grants.onEvent('exam', { userId: 'u-nobody', sourceId: EXAM_ID })).toBeNull();
    expect(await grants.onEvent('exam', { userId: 7, sourceId: EXAM_ID })).toBeNull();
  });

  it('the PDF shows the Chinese name and a QR code a reader decodes to the verification page', async () => {
    const [g] = await grantsOf(ctx, ruleId, USERS.learner);
    const mine = await call(ctx.app, CertMineCalls.paging.url, { current: 1, size: 10 }, ctx.learner);
    expect(mine.body.data.records).toEqual([
      expect.objectContaining({ id: g!.id, state: 'valid', verifyUrl: `${ORIGIN}/pages/cert/verify/${g!.code}` }),
    ]);
    const res = await post(CertMineCalls.pdf.url, { id: g!.id }, ctx.learner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('兹证明 张小三 同志');
    expect(text).toContain('通过了《2026年安全生产考试》');
    expect(text).toContain(`证书编号：${g!.number}`);
    expect(text).toContain('安全生产部');
    expect(await pdfQrCodes(res.rawPayload)).toEqual([`${ORIGIN}/pages/cert/verify/${g!.code}`]);
  });

  it("another learner's ids: no PDF, no credential, not in their list", async () => {
    const [g] = await grantsOf(ctx, ruleId, USERS.learner);
    const pdf = await call(ctx.app, CertMineCalls.pdf.url, { id: g!.id }, ctx.learner2);
    expect(pdf.status).toBe(404);
    expect((await call(ctx.app, CertMineCalls.credential.url, { id: g!.id }, ctx.learner2)).status).toBe(404);
    const list = await call(ctx.app, CertMineCalls.paging.url, {}, ctx.learner2);
    expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(g!.id);
    expect((await call(ctx.app, CertGrantCalls.paging.url, {}, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, CertMineCalls.paging.url, {})).status).toBe(401);
  });

  it('a template change renders the PDF again on the next download', async () => {
    const [g] = await grantsOf(ctx, ruleId, USERS.learner);
    const before = (await grants.ensurePdf(g!.id)).file.key;
    const detail = (await call(ctx.app, CertTmplCalls.detail.url, { id: tmplId }, ctx.admin)).body.data;
    const elements = [...detail.elements, { type: 'text', x: 60, y: 500, fontSize: 12, text: '特此证明' }];
    expect((await call(ctx.app, CertTmplCalls.save.url, { ...detail, elements }, ctx.admin)).status).toBe(200);
    const res = await post(CertMineCalls.pdf.url, { id: g!.id }, ctx.learner);
    expect(await pdfText(res.rawPayload)).toContain('特此证明');
    expect((await grantsOf(ctx, ruleId, USERS.learner))[0]!.pdfKey).not.toBe(before);
  });
});

describe('the admin list', () => {
  it('searches by name, account, source, state and date; revokes with a reason; exports', async () => {
    const page = (params: object) =>
      call(ctx.app, CertGrantCalls.paging.url, { current: 1, size: 50, params }, ctx.admin);
    expect((await page({ realName: '小三' })).body.data.records).toEqual([
      expect.objectContaining({ realName: '张小三', userName: 'certl1', state: 'valid' }),
    ]);
    expect((await page({ userName: 'certl2' })).body.data.total).toBe(1);
    expect((await page({ source: '安全生产' })).body.data.total).toBe(2);
    expect((await page({ startTime: '2000-01-01 00:00:00', endTime: '2000-12-31 00:00:00' })).body.data.total).toBe(0);
    expect((await page({ state: 'bogus' })).status).toBe(400);
    expect((await page({ startTime: 'yesterday' })).status).toBe(400);

    const [g] = await grantsOf(ctx, ruleId, USERS.learner2);
    expect(
      (await call(ctx.app, CertGrantCalls.revoke.url, { id: g!.id, reason: '成绩作废' }, ctx.learner)).status,
    ).toBe(403);
    expect((await call(ctx.app, CertGrantCalls.revoke.url, { id: g!.id, reason: '成绩作废' }, ctx.admin)).status).toBe(
      200,
    );
    expect((await call(ctx.app, CertGrantCalls.revoke.url, { id: g!.id, reason: '再次' }, ctx.admin)).body.msg).toBe(
      '证书已撤销！',
    );
    expect((await call(ctx.app, CertGrantCalls.reissue.url, { id: g!.id }, ctx.admin)).body.msg).toBe(
      '已撤销的证书不能重新签发！',
    );
    expect((await page({ state: 'revoked' })).body.data.records).toEqual([
      expect.objectContaining({ id: g!.id, revokeReason: '成绩作废' }),
    ]);
    expect((await call(ctx.app, CertMineCalls.pdf.url, { id: g!.id }, ctx.learner2)).body.msg).toBe(
      '证书已撤销，不能下载！',
    );

    await ctx.app.db
      .update(schema.certGrant)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(schema.certGrant.userId, USERS.learner));
    expect((await page({ state: 'expired' })).body.data.records).toEqual([
      expect.objectContaining({ realName: '张小三', state: 'expired' }),
    ]);
    expect((await page({ state: 'valid' })).body.data.total).toBe(0);

    const xlsx = await post(CertGrantCalls.export.url, { params: { source: '安全生产' } }, ctx.admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await post(CertGrantCalls.pdf.url, { id: g!.id }, ctx.admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('re-issues with the holder current name; manual batches grant once per learner', async () => {
    const [g] = await grantsOf(ctx, ruleId, USERS.learner);
    await ctx.app.db.update(schema.sysUser).set({ realName: '张晓三' }).where(eq(schema.sysUser.id, USERS.learner));
    expect((await call(ctx.app, CertGrantCalls.reissue.url, { id: g!.id }, ctx.admin)).status).toBe(200);
    const [after] = await grantsOf(ctx, ruleId, USERS.learner);
    expect({ name: after!.realName, number: after!.number, code: after!.code }).toEqual({
      name: '张晓三',
      number: g!.number,
      code: g!.code,
    });
    expect(await pdfText((await post(CertGrantCalls.pdf.url, { id: g!.id }, ctx.admin)).rawPayload)).toContain(
      '张晓三',
    );

    const manual = (body: object) => call(ctx.app, CertGrantCalls.manual.url, body, ctx.admin);
    const first = await manual({ tmplId, title: '优秀学员', userIds: [USERS.learner, USERS.learner2] });
    expect(first.body.data).toMatchObject({ granted: 2, existing: 0 });
    const again = await Promise.all(
      Array.from({ length: 20 }, () => manual({ ruleId: first.body.data.ruleId, userIds: [USERS.learner] })),
    );
    expect(again.every((r) => r.status === 200 && r.body.data.granted === 0)).toBe(true);
    expect(await grantsOf(ctx, first.body.data.ruleId, USERS.learner)).toHaveLength(1);
    expect((await manual({ tmplId, title: 'x', userIds: ['u-nobody'] })).body.msg).toBe('所选用户不存在或已被删除！');
    expect((await manual({ userIds: [USERS.learner] })).body.msg).toBe(
      '请选择发放规则，或选择证书模板并填写证书名称！',
    );
    expect(
      (await call(ctx.app, CertGrantCalls.manual.url, { tmplId, title: 'x', userIds: [USERS.learner] }, ctx.learner))
        .status,
    ).toBe(403);
  });
});

describe('a finished course', () => {
  it('the course-finished job grants the course rule once, never expiring', async () => {
    const courseRule = (await saveRule(ctx, courseRuleBody(tmplId))).body.data.id;
    const jobs = jobQueue(ctx.app.db);
    await jobs.enqueue(ctx.app.db, CERT_QUEUES.COURSE_FINISHED, { userId: USERS.learner2, sourceId: COURSE_ID });
    await jobs.enqueue(ctx.app.db, CERT_QUEUES.COURSE_FINISHED, { userId: USERS.learner2, sourceId: COURSE_ID });
    const g = await waitFor(async () => (await grantsOf(ctx, courseRule, USERS.learner2))[0]);
    expect(g).toMatchObject({
      number: 'XF0001',
      sourceType: 'course',
      sourceTitle: '消防安全课程',
      expireTime: null,
      score: null,
    });
    await queueDone(ctx, CERT_QUEUES.COURSE_FINISHED);
    expect(await grantsOf(ctx, courseRule, USERS.learner2)).toHaveLength(1);
  });
});
