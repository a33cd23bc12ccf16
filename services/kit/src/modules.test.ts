import { defineCall } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Service } from './app';
import { sysConfig, sysUser } from './db/schema';
import { moduleGate, moduleOn, modulesChanged } from './modules';
import { route } from './route';
import { call, createTestApp } from './testing';

const call0 = (url: string) => defineCall(url, Type.Object({}), Type.String());
/** A gated service with a signed-in and a public call, and a service without a gate beside it. */
const gated: Service = async (app) => {
  moduleGate(app, 'moduleDemo', '演示模块未开启！');
  route(app, call0('/api/demo/mine'), {}, async () => 'mine');
  route(app, call0('/api/demo/public'), { auth: 'public' }, async () => 'public');
};
const other: Service = async (app) => {
  route(app, call0('/api/other/mine'), {}, async () => 'other');
};

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await createTestApp({ services: [gated, other], seeds: [] });
  await app.db.insert(sysUser).values({ id: 'u-mod', userName: 'mod', realName: '模块', password: 'x' });
  token = (await app.sessions.create('u-mod'))!;
}, 60_000);
afterAll(() => app.close());

const setProps = async (props: Record<string, boolean>) => {
  await app.db
    .insert(sysConfig)
    .values({ id: '1', siteName: '站点', props, switchConfig: {} })
    .onConflictDoUpdate({ target: sysConfig.id, set: { props } });
  await modulesChanged(app.infra.bus);
};

describe('module switches', () => {
  it('reads a module as on unless it is stored off', async () => {
    expect(await moduleOn(app.db, 'moduleDemo')).toBe(true); // no site config yet
    await setProps({ moduleDemo: true });
    expect(await moduleOn(app.db, 'moduleDemo')).toBe(true);
    await setProps({ moduleDemo: false });
    expect(await moduleOn(app.db, 'moduleDemo')).toBe(false);
    expect(await moduleOn(app.db, 'moduleOther')).toBe(true);
  });

  it("refuses the gated service's signed-in calls while off; its public calls and other services keep working", async () => {
    await setProps({ moduleDemo: false });
    expect(await call(app, '/api/demo/mine', {}, token)).toMatchObject({
      status: 403,
      body: { msg: '演示模块未开启！', success: false },
    });
    expect((await call(app, '/api/demo/mine', {})).status).toBe(401); // signing in is still asked first
    expect((await call(app, '/api/demo/public', {})).body.data).toBe('public');
    expect((await call(app, '/api/other/mine', {}, token)).body.data).toBe('other');
    await setProps({ moduleDemo: true });
    expect((await call(app, '/api/demo/mine', {}, token)).body.data).toBe('mine');
  });
});
