import { Calls, type PublicSiteData, type SiteProps } from '@exam/contracts';
import { notFound, route, schema } from '@exam/server-kit';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const PROP_KEYS: (keyof SiteProps)[] = ['moduleCourse', 'moduleExam', 'moduleBattle', 'moduleCert', 'realPerson', 'faceLogin', 'mobileLogin', 'userReg'];

export async function configRoutes(app: FastifyInstance) {
  const { sysConfig } = schema;

  // Visitors get the public subset; those who may configure the site get the whole record.
  route(app, Calls.siteDetail, { auth: 'optional' }, async (req) => {
    const [c] = await app.db.select().from(sysConfig).where(eq(sysConfig.id, '1'));
    if (!c) throw notFound('站点配置不存在！');
    const switches = c.switchConfig as Record<string, unknown>;
    const props = Object.fromEntries(
      PROP_KEYS.map((k) => [k, Boolean(k in c.props ? c.props[k] : switches[k])]),
    ) as SiteProps;
    const pub: PublicSiteData = { id: c.id, siteName: c.siteName, backLogo: c.backLogo, frontLogo: c.frontLogo, copyRight: c.copyRight, props };
    if (!req.user?.permissions.includes('sys:config')) return pub;
    return { ...pub, mpCode: c.mpCode, h5Host: c.h5Host, tmpDir: c.tmpDir, uploadType: c.uploadType };
  });
}
