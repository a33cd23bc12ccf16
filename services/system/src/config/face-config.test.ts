import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { faceConfigOf, faceEngineFor, schema } from '@exam/server-kit';
import { call, createTestApp, imageBook, signIn, type StandIn, startStandIn } from '@exam/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

// The face config form (spec admin §2/§3): 使用当前方案 (prop/change) tries the provider's keys against
// the cloud first — here the stand-in, reached through FACE_CLOUD_BASE_URL — and 保存配置 (prop/save)
// only stores (the form has no validation rules). Secrets are write-only: answered masked.
const book = imageBook();
const QCLOUD = {
  region: 'ap-shanghai',
  secretId: 'AKIDface',
  secretKey: 'qcloud-face-secret-77',
  groupId: '',
  liveCheck: false,
};
let app: FastifyInstance;
let admin: string;
let learner: string;
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn({
    qcloud: { secretId: 'AKIDface', secretKey: 'qcloud-face-secret-77' },
    baidu: { apiKey: 'baidu-app-key-1', secretKey: 'baidu-secret-9' },
    aliyun: { accessKeyId: 'LTAIface', accessKeySecret: 'aliyun-face-secret-5' },
    see: book.see,
  });
  process.env.FACE_CLOUD_BASE_URL = standIn.url;
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 60_000);
afterAll(async () => {
  delete process.env.FACE_CLOUD_BASE_URL;
  await app.close();
  await standIn.close();
});

const prop = (verb: string, body: object, token = admin) => call(app, `/api/sys/config/prop/${verb}`, body, token);
const inUse = async () => (await prop('detail', { type: 'face' })).body.data as { provider: string; current: boolean };

describe('face config: use this scheme tries the keys first', () => {
  it('with nothing saved the local engine is the one in use', async () => {
    expect(await inUse()).toMatchObject({ provider: 'local', current: true });
  });

  it('qcloud with right keys goes into use; the secret comes back masked', async () => {
    const r = await prop('change', { type: 'face', provider: 'qcloud', remark: '腾讯云', data: QCLOUD });
    expect(r.status).toBe(200);
    expect(standIn.calls.qcloud).toContain('DetectFace');
    expect((await prop('detail', { type: 'face' })).body.data).toMatchObject({
      provider: 'qcloud',
      current: true,
      data: { secretId: 'AKIDface', secretKey: 'qc******77', region: 'ap-shanghai' },
    });
  });

  it('the saved config builds an engine that reaches the provider (faceEngineFor)', async () => {
    const [row] = await app.db
      .select()
      .from(schema.sysConfigProp)
      .where(and(eq(schema.sysConfigProp.type, 'face'), eq(schema.sysConfigProp.current, true)));
    const engine = faceEngineFor(faceConfigOf(row as { provider: string; data: Record<string, unknown> }));
    expect(engine.provider).toBe('qcloud');
    expect(await engine.quality(book.image({ person: 'alice' }))).toMatchObject({ ok: true });
  });

  it('a wrong secret is refused with a sentence for the admin, and the scheme in use stays', async () => {
    const r = await prop('change', {
      type: 'face',
      provider: 'baidu',
      data: { appId: '1', appKey: 'baidu-app-key-1', secretKey: 'not-it' },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('人脸识别服务认证失败，请检查密钥和服务节点！（invalid_client）');
    expect(JSON.stringify(r.body)).not.toContain('not-it');
    expect(await inUse()).toMatchObject({ provider: 'qcloud', current: true });
    const a = await prop('change', {
      type: 'face',
      provider: 'aliyun',
      data: { accessKeyId: 'LTAIface', accessKeySecret: 'wrong' },
    });
    expect(a.body.msg).toBe('人脸识别服务认证失败，请检查密钥和服务节点！（SignatureDoesNotMatch）');
  });

  it('missing keys, or a busy provider, are refused with their own sentence', async () => {
    expect((await prop('change', { type: 'face', provider: 'baidu', data: { appId: '1' } })).body.msg).toBe(
      '人脸识别配置不完整，请填写密钥！',
    );
    standIn.throttle('aliyun');
    expect(
      (
        await prop('change', {
          type: 'face',
          provider: 'aliyun',
          data: { accessKeyId: 'LTAIface', accessKeySecret: 'aliyun-face-secret-5' },
        })
      ).body.msg,
    ).toBe('人脸识别服务暂时无法连接，请稍后再试！（Throttling.User）');
    expect(await inUse()).toMatchObject({ provider: 'qcloud' });
  });

  it('save alone stores without trying (no validation rules); use later sends the mask back and the stored secret is used', async () => {
    expect(
      (
        await prop('save', {
          type: 'face',
          provider: 'baidu',
          data: { appId: '1', appKey: 'baidu-app-key-1', secretKey: 'baidu-secret-9', faceGroup: 'g', liveCheck: true },
        })
      ).status,
    ).toBe(200);
    expect(await inUse()).toMatchObject({ provider: 'qcloud' });
    const shown = (await prop('detail', { type: 'face', provider: 'baidu' })).body.data as {
      data: Record<string, unknown>;
    };
    expect(shown.data).toMatchObject({ appId: '1', appKey: 'ba******-1', secretKey: 'ba******-9', liveCheck: true });
    expect((await prop('change', { type: 'face', provider: 'baidu', data: shown.data })).status).toBe(200);
    expect(await inUse()).toMatchObject({ provider: 'baidu', current: true });
  });

  it('aliyun with right keys goes into use', async () => {
    expect(
      (
        await prop('change', {
          type: 'face',
          provider: 'aliyun',
          data: { accessKeyId: 'LTAIface', accessKeySecret: 'aliyun-face-secret-5', dbName: 'exam' },
        })
      ).status,
    ).toBe(200);
    expect(await inUse()).toMatchObject({ provider: 'aliyun', current: true });
  });

  it('is for configuration holders only, and an unknown provider is the spec warning', async () => {
    expect((await prop('change', { type: 'face', provider: 'qcloud', data: QCLOUD }, learner)).status).toBe(403);
    expect((await prop('save', { type: 'face', provider: 'tencent' })).body.msg).toBe('服务商必须选择！');
  });
});

describe('face config: back to the local engine', () => {
  const current = async () =>
    faceConfigOf(
      (
        await app.db
          .select()
          .from(schema.sysConfigProp)
          .where(and(eq(schema.sysConfigProp.type, 'face'), eq(schema.sysConfigProp.current, true)))
      )[0] as { provider: string; data: Record<string, unknown> },
    );

  it('thresholds outside the provider scale are refused and nothing changes', async () => {
    const cloud = await current();
    expect((await prop('change', { type: 'face', provider: 'local', data: { threshold: 50 } })).body.msg).toBe(
      '比对阈值应为0~1之间的数字！',
    );
    expect(
      (await prop('change', { type: 'face', provider: 'local', data: { threshold: '0.5', reviewBelow: '0.6' } })).body
        .msg,
    ).toBe('人工复核阈值不能大于比对阈值！');
    expect(
      (await prop('save', { type: 'face', provider: 'qcloud', data: { ...QCLOUD, threshold: 'abc' } })).body.msg,
    ).toBe('比对阈值应为0~100之间的数字！');
    expect(await current()).toEqual(cloud);
  });

  it('an admin switches a cloud back to local (no keys to try) with his own threshold', async () => {
    expect((await current()).provider).not.toBe('local');
    const r = await prop('change', {
      type: 'face',
      provider: 'local',
      data: { threshold: 0.55, reviewBelow: '0.45', retainDays: 30 },
    });
    expect(r.status).toBe(200);
    expect(await inUse()).toMatchObject({ provider: 'local', current: true, data: { threshold: 0.55 } });
    expect(await current()).toMatchObject({
      provider: 'local',
      model: 'human-faceres-3.3',
      threshold: 0.55,
      reviewBelow: 0.45,
    });
    expect(faceEngineFor(await current()).provider).toBe('local');
    // Only one scheme is in use.
    expect(
      (
        await app.db
          .select()
          .from(schema.sysConfigProp)
          .where(and(eq(schema.sysConfigProp.type, 'face'), eq(schema.sysConfigProp.current, true)))
      ).length,
    ).toBe(1);
  });
});
