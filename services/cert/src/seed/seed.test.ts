import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertMineCalls, CertVerifyCalls } from '@exam/contracts';
import { type Seed, newId, schema } from '@exam/server-kit';
import { call, createTestApp } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { certFiles } from '../files/cert-files';
import { certService, seed } from '../index';
import { waitFor } from '../testing/fixture';
import { pdfQrCodes, pdfText } from '../testing/pdf-tools';
import { checkTemplate } from '../tmpl/tmpl-check';

/** The demo learner as the system seed makes them (this service's tests run without the system service). */
const demoLearner: Seed = async (db) => {
  await db.insert(schema.sysDepart).values({ id: 'd-tech', deptName: '技术部', deptCode: 'A01A01' });
  await db
    .insert(schema.sysUser)
    .values({ id: 'u-learner', userName: 'learner', realName: '张小明', password: 'x', deptCode: 'A01A01' });
};

let app: FastifyInstance;
let learner: string;
beforeAll(async () => {
  // Seeded twice: the second run adds nothing.
  app = await createTestApp({ services: [certService], seeds: [demoLearner, seed, seed] });
  const storageDir = await mkdtemp(join(tmpdir(), 'cert-seed-'));
  await app.db
    .insert(schema.sysConfigProp)
    .values({ id: newId(), type: 'upload', provider: 'local', current: true, data: { localDir: storageDir } });
  learner = (await app.sessions.create('u-learner'))!;
}, 60_000);
afterAll(() => app.close());

describe('demo certificates', () => {
  it("the demo learner's certificate: listed in 我的证书, told in 站内信息, its PDF rendered and verifiable", async () => {
    const mine = (await call(app, CertMineCalls.paging.url, { size: 10 }, learner)).body.data;
    expect(mine.total).toBe(1);
    const [g] = mine.records;
    expect(g).toMatchObject({ title: '安全生产优秀学员', sourceType: 'manual', state: 'valid', expireTime: '' });
    expect(g.number).toMatch(/^RY\d{4}000001$/);
    const msgs = await app.db.select().from(schema.sysUserMsg).where(eq(schema.sysUserMsg.userId, 'u-learner'));
    expect(msgs.map((m) => m.title)).toEqual(['证书发放通知']);

    // The worker renders the PDF the seed queued.
    const row = await waitFor(async () =>
      (await app.db.select().from(schema.certGrant).where(eq(schema.certGrant.id, g.id))).find((r) => r.pdfKey),
    );
    expect([row.realName, row.deptName]).toEqual(['张小明', '技术部']);
    const pdf = await app.inject({
      method: 'POST',
      url: CertMineCalls.pdf.url,
      headers: { token: learner, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: g.id }),
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['安全生产优秀学员', '张小明', g.number]) expect(text).toContain(s);
    expect(await pdfQrCodes(pdf.rawPayload)).toEqual([g.verifyUrl]);
    const code = g.verifyUrl.split('/').pop();
    expect((await call(app, CertVerifyCalls.detail.url, { code })).body.data).toMatchObject({ state: 'valid' });
  });

  it('the template passes the checks of an admin save; rules wait for the demo exam and course', async () => {
    const [t] = await app.db.select().from(schema.certTmpl);
    const files = certFiles({ db: app.db, dataDir: app.config.dataDir });
    const checked = await checkTemplate({ ...t, elements: t.elements }, files);
    expect(checked).toMatchObject({ pageSize: 'A4', orientation: 'landscape', elements: t.elements });
    expect(t.elements.map((e) => e.type)).not.toContain('seal');
    const rules = await app.db.select().from(schema.certRule);
    expect(rules.map((r) => `${r.sourceType}:${r.sourceId}:${r.enabled}`).sort()).toEqual([
      'course:c-demo-1:true',
      'exam:e-demo-1:true',
      'manual:cr-demo-manual:true',
    ]);
  });
});
