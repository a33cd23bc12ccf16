import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 60_000); // migrations, seed and argon2 sign-ins on a busy 2-core machine
afterAll(() => app.close());

const BASE = {
  siteName: '新站点',
  backLogo: '/api/common/file/get/20260101/0123456789abcdef0123456789abcdef.png',
  frontLogo: '',
  mpCode: '',
  h5Host: 'https://m.example.com/',
  tmpDir: '/data/tmp/',
  copyRight: '<p>© 新站点<script>alert(1)</script></p>',
};

describe('site base config', () => {
  it('saves the form, sanitizes the copyright and shows it to visitors', async () => {
    expect((await call(app, '/api/sys/config/save', BASE, admin)).status).toBe(200);
    const pub = await call(app, '/api/sys/config/detail', {});
    expect(pub.body.data).toMatchObject({ siteName: '新站点', backLogo: BASE.backLogo, copyRight: '<p>© 新站点</p>' });
    expect(pub.body.data).not.toHaveProperty('tmpDir');
    expect((await call(app, '/api/sys/config/detail', {}, admin)).body.data).toMatchObject({
      h5Host: 'https://m.example.com/',
      tmpDir: '/data/tmp/',
    });
  });

  it("answers the validators' messages for h5Host, tmpDir and the logos", async () => {
    const bad = async (patch: object) =>
      (await call(app, '/api/sys/config/save', { ...BASE, ...patch }, admin)).body.msg;
    expect(await bad({ h5Host: '' })).toBe('URL不能为空！');
    expect(await bad({ h5Host: 'ftp://x' })).toBe('应为URL或目录结构，URL如：{host}/ 目录结构如：/directory/');
    expect(await bad({ tmpDir: '' })).toBe('目录不能为空！');
    expect(await bad({ tmpDir: 'data/tmp' })).toMatch(/^目录格式必须以\/开头/);
    expect(await bad({ siteName: '  ' })).toBe('站点名称不能为空！');
    expect(await bad({ frontLogo: 'javascript:alert(1)' })).toBe('图片地址不正确！');
    expect((await call(app, '/api/sys/config/save', { ...BASE, siteName: 5 }, admin)).status).toBe(400);
  });

  it('is for configuration holders only', async () => {
    expect((await call(app, '/api/sys/config/save', BASE)).status).toBe(401);
    expect((await call(app, '/api/sys/config/save', BASE, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/config/switch/detail', {}, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/config/prop/detail', { type: 'upload' }, learner)).status).toBe(403);
    expect(
      (await call(app, '/api/sys/config/prop/change', { type: 'upload', provider: 'local' }, learner)).status,
    ).toBe(403);
  });
});

describe('switch config', () => {
  it('round-trips every field; module switches reach the public site data', async () => {
    const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
    expect(detail).toMatchObject({ userReg: true, faceAudit: 'no', loginTick: 0, moduleExam: true });
    const next = {
      ...detail,
      userAudit: true,
      userDeptType: 1,
      userDeptCode: 'A01A02',
      faceAudit: 'auto',
      loginTick: 1,
      realPerson: true,
      moduleCourse: false,
    };
    expect((await call(app, '/api/sys/config/switch/save', next, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data).toEqual(next);
    expect((await call(app, '/api/sys/config/detail', {}, learner)).body.data.props).toMatchObject({
      moduleCourse: false,
      realPerson: true,
    });
    await call(app, '/api/sys/config/switch/save', { ...next, moduleCourse: true }, admin);
  });

  it('turns the built modules off and on; battles and certificates are on for a new installation', async () => {
    const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
    // Certificates (issue 38) and battles (issue 39) are built: on from the start.
    expect(detail).toMatchObject({ moduleBattle: true, moduleCert: true });
    const on = async (patch: object) =>
      (await call(app, '/api/sys/config/switch/save', { ...detail, ...patch }, admin)).body;
    const props = async () => (await call(app, '/api/sys/config/detail', {}, learner)).body.data.props;
    expect(await on({ moduleBattle: false, moduleCert: false })).toMatchObject({ code: 0 });
    expect(await props()).toMatchObject({ moduleBattle: false, moduleCert: false });
    expect(await on({ moduleBattle: true, moduleCert: true })).toMatchObject({ code: 0 });
    expect(await props()).toMatchObject({ moduleBattle: true, moduleCert: true });
    expect((await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data).toMatchObject({
      moduleBattle: true,
      moduleCert: true,
    });
  });

  it('refuses wrong types and values', async () => {
    const detail = (await call(app, '/api/sys/config/switch/detail', {}, admin)).body.data;
    expect((await call(app, '/api/sys/config/switch/save', { ...detail, faceAudit: 'maybe' }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/config/switch/save', { ...detail, loginTick: 2 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/config/switch/save', { ...detail, userReg: 'yes' }, admin)).status).toBe(400);
  });
});

describe('provider configs', () => {
  const prop = (url: string, body: object) => call(app, `/api/sys/config/prop/${url}`, body, admin);

  it('storage: required fields with the spec messages, and a provider is needed', async () => {
    expect((await prop('change', { type: 'upload' })).body.msg).toBe('服务商必须选择！');
    expect((await prop('change', { provider: 'local' })).body.msg).toBe('服务商必须选择！');
    expect((await prop('save', { type: 'upload', provider: 'ftp' })).body.msg).toBe('服务商必须选择！');
    expect((await prop('save', { type: 'upload', provider: 'aliyun', data: {} })).body.msg).toBe('存储节点不能为空');
    expect(
      (
        await prop('save', {
          type: 'upload',
          provider: 'aliyun',
          data: { endpoint: 'oss-cn-hangzhou.aliyuncs.com', bucket: 'b', accessKeyId: 'id', accessKeySecret: 'sec' },
        })
      ).body.msg,
    ).toBe('角色ARN必须填写');
    expect(
      (await prop('save', { type: 'upload', provider: 'qcloud', data: { region: 'ap-guangzhou', bucket: 'b' } })).body
        .msg,
    ).toBe('SecretId不能为空');
    expect(
      (await prop('save', { type: 'upload', provider: 'local', data: { localDir: 'relative' } })).body.msg,
    ).toMatch(/^目录格式必须以\/开头/);
    expect(
      (
        await prop('save', {
          type: 'upload',
          provider: 'qiniu',
          data: {
            region: 'cn-east-1',
            bucket: 'b',
            accessKeyId: 'i',
            accessKeySecret: 'k',
            url: 'https://cdn.example.com',
          },
        })
      ).body.msg,
    ).toBe('URL应以http://或https://开头，以/结尾！');
  });

  it('a provider with nothing saved answers empty; switching loads the saved one', async () => {
    expect((await prop('detail', { type: 'upload', provider: 'qiniu' })).body.data).toEqual({
      type: 'upload',
      provider: 'qiniu',
      remark: '',
      data: {},
      current: false,
    });
    expect((await prop('detail', { type: 'upload' })).body.data).toMatchObject({ provider: 'local', current: true });
  });

  it('masks secrets, keeps them when the mask is saved back, and replaces them when changed', async () => {
    const data = {
      region: 'ap-guangzhou',
      bucket: 'exam-1250000000',
      secretId: 'AKIDexample',
      secretKey: 'very-secret-key-123',
      url: 'https://cdn.example.com/',
    };
    expect((await prop('change', { type: 'upload', provider: 'qcloud', remark: '腾讯云', data })).status).toBe(200);
    const shown = (await prop('detail', { type: 'upload', provider: 'qcloud' })).body.data;
    expect(shown).toMatchObject({
      current: true,
      remark: '腾讯云',
      data: { secretId: 'AKIDexample', secretKey: 've******23' },
    });
    expect(JSON.stringify(shown)).not.toContain('very-secret-key-123');
    expect((await prop('save', { type: 'upload', provider: 'qcloud', data: shown.data })).status).toBe(200);
    // The mask sent back kept the stored secret (read where the storage reads it).
    const [kept] = await app.db
      .select()
      .from(schema.sysConfigProp)
      .where(and(eq(schema.sysConfigProp.type, 'upload'), eq(schema.sysConfigProp.provider, 'qcloud')));
    expect(kept.data).toMatchObject({ secretId: 'AKIDexample', secretKey: 'very-secret-key-123' });
    await prop('save', {
      type: 'upload',
      provider: 'qcloud',
      data: { ...shown.data, secretKey: 'another-secret-456' },
    });
    expect((await prop('detail', { type: 'upload', provider: 'qcloud' })).body.data.data.secretKey).toBe('an******56');
    await prop('change', { type: 'upload', provider: 'local', data: {} });
  });

  // Face config (the keys tried against the clouds' stand-in before use): face-config.test.ts.

  it('live: starts empty, all four fields required, saving puts it in use', async () => {
    expect((await prop('detail', { type: 'live' })).body.data).toMatchObject({ provider: '', data: {} });
    expect((await prop('save', { type: 'live', data: {} })).body.msg).toBe('服务提供商不能为空！');
    const full = {
      pushDomain: 'push.example.com',
      pushKey: 'push-key-12345',
      pullDomain: 'pull.example.com',
      pullKey: 'pull-key-67890',
    };
    for (const [field, msg] of [
      ['pushDomain', '推流域名不能为空！'],
      ['pushKey', '推流秘钥不能为空！'],
      ['pullDomain', '播流域名不能为空！'],
      ['pullKey', '播流秘钥不能为空！'],
    ]) {
      expect((await prop('save', { type: 'live', provider: 'aliyun', data: { ...full, [field]: ' ' } })).body.msg).toBe(
        msg,
      );
    }
    expect((await prop('save', { type: 'live', provider: 'aliyun', data: full })).status).toBe(200);
    expect((await prop('detail', { type: 'live' })).body.data).toMatchObject({
      provider: 'aliyun',
      current: true,
      data: { pushKey: 'pu******45', pullDomain: 'pull.example.com' },
    });
  });

  it('refuses malformed bodies', async () => {
    expect((await prop('detail', { type: 'mail' })).status).toBe(400);
    expect((await prop('save', { type: 'face', provider: 'baidu', data: { nested: { a: 1 } } })).status).toBe(400);
  });
});
