import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { DEFAULT_RETAIN_DAYS, retainDays, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

// The face form's retention period (抓拍保存天数): whole days 0..3650, read by the evidence sweep.
let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
}, 60_000);
afterAll(() => app.close());

const save = (retainDays: unknown) =>
  call(app, '/api/sys/config/prop/save', { type: 'face', provider: 'baidu', data: { appId: '1', retainDays } }, admin);

describe('face evidence retention setting', () => {
  it('takes whole days from 0 to 3650 and the sweep reads the config in use', async () => {
    expect(await retainDays(app.db)).toBe(DEFAULT_RETAIN_DAYS);
    for (const bad of ['abc', -1, 3651, 1.5])
      expect([(await save(bad)).status, (await save(bad)).body.msg]).toEqual([400, '抓拍保存天数应为0~3650的整数！']);
    expect((await save(30)).status).toBe(200);
    const p = schema.sysConfigProp;
    await app.db
      .update(p)
      .set({ current: true })
      .where(and(eq(p.type, 'face'), eq(p.provider, 'baidu')));
    expect(await retainDays(app.db)).toBe(30);
    expect((await save(0)).status).toBe(200);
    expect(await retainDays(app.db)).toBe(0);
  });
});
