import { createServer } from 'node:net';
import { ORDER_TAGS } from '@exam/contracts';
import { type Db, schema } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { payService } from '../index';
import { type PayStandIn, standInSettings, startPayStandIn } from '../provider/testing/stand-in-pay';

export const USERS = { admin: 'u-pay-admin', learner: 'u-pay-l1', learner2: 'u-pay-l2' } as const;
/** A course of ￥19.90, one of ￥0.01 and 30 points, a bank of ￥5. */
export const ITEMS = { course: 'c-pay-1', mixed: 'c-pay-2', repo: 'r-pay-1' } as const;
export const WX = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  apiV3Key: 'a'.repeat(16) + 'B'.repeat(16),
  appSecret: 'stand-in-official-account-secret',
};
export const ALI = { appId: '2021000000000001', sellerId: '2088000000000001' };

async function seedData(db: Db) {
  const { sysUser, sysRole, sysMenu, sysRoleMenu, sysUserRole, elCourse, elRepo } = schema;
  await db.insert(sysUser).values([
    { id: USERS.admin, userName: 'payadmin', realName: '财务', password: 'x' },
    { id: USERS.learner, userName: 'payl1', realName: '钱一', password: 'x', points: 100 },
    { id: USERS.learner2, userName: 'payl2', realName: '孙二', password: 'x', points: 100 },
  ]);
  await db.insert(sysRole).values({ id: 'r-pay-admin', roleName: '订单管理', roleType: 2 });
  await db
    .insert(sysMenu)
    .values(ORDER_TAGS.map((tag, i) => ({ id: `f-pay-${i}`, menuType: 2, metaTitle: tag, permissionTag: tag })));
  await db.insert(sysRoleMenu).values(ORDER_TAGS.map((_, i) => ({ roleId: 'r-pay-admin', menuId: `f-pay-${i}` })));
  await db.insert(sysUserRole).values({ userId: USERS.admin, roleId: 'r-pay-admin' });
  await db.insert(elCourse).values([
    { id: ITEMS.course, title: '付费课程', salePrice: 19.9 },
    { id: ITEMS.mixed, title: '积分加现金课程', salePrice: 0.01, costPoints: 30 },
  ]);
  await db.insert(elRepo).values({ id: ITEMS.repo, title: '付费题库', price: 5 });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export type PayCtx = {
  app: FastifyInstance;
  standIn: PayStandIn;
  admin: string;
  learner: string;
  learner2: string;
  /** Saves a provider's settings as the settings page would (keys of the stand-in). */
  configure: (provider: 'wxpay' | 'alipay', over?: Record<string, unknown>) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The pay service alone, listening on a port of its own (the stand-in delivers callbacks over HTTP to SITE_URL), both
 * providers configured against the local stand-in; reconciliation is run by the tests, not a timer.
 */
export async function payTestApp(): Promise<PayCtx> {
  process.env.OAUTH_API_BASE_ALLOW = 'http://127.0.0.1:';
  process.env.PAY_RECONCILE = '0';
  const standIn = await startPayStandIn({ wx: WX, alipay: ALI });
  const port = await freePort();
  const app = await createTestApp({
    services: [payService],
    seeds: [seedData],
    config: { siteOrigins: [`http://127.0.0.1:${port}`] },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const settings = standInSettings(standIn, WX.appSecret);
  const data = { wxpay: settings.wxpay, alipay: { ...settings.alipay, apiBase: standIn.url } };
  const configure = async (provider: 'wxpay' | 'alipay', over: Record<string, unknown> = {}) => {
    const { sysConfigProp } = schema;
    const values = { type: 'pay', provider, data: { ...data[provider], ...over }, remark: '' };
    await app.db
      .insert(sysConfigProp)
      .values({ id: `p-pay-${provider}`, ...values })
      .onConflictDoUpdate({ target: sysConfigProp.id, set: values });
  };
  await configure('wxpay');
  await configure('alipay');
  const [admin, learner, learner2] = (await Promise.all(
    [USERS.admin, USERS.learner, USERS.learner2].map((id) => app.sessions.create(id)),
  )) as string[];
  return {
    app,
    standIn,
    admin,
    learner,
    learner2,
    configure,
    close: async () => {
      await app.close();
      await standIn.close();
    },
  };
}
