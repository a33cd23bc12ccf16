import { Calls, ConfigCalls, isPendingModule, PENDING_MODULES, type PublicSiteData, type SiteProps, type SwitchConfig } from '@exam/contracts';
import { badRequest, notFound, route, sanitizeRichText, schema } from '@exam/server-kit';
import { checkH5Host, checkTmpDir } from '@exam/validators';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { propRoutes } from './prop-routes';

const PROP_KEYS: (keyof SiteProps)[] = ['moduleCourse', 'moduleExam', 'moduleBattle', 'moduleCert', 'realPerson', 'faceLogin', 'mobileLogin', 'userReg'];
const MODULE_KEYS = ['moduleCourse', 'moduleExam', 'moduleBattle', 'moduleCert'] as const;
/** Image fields hold our own upload URLs or http(s) addresses: nothing a browser would run. */
const IMAGE_URL = /^(https?:\/\/|\/)[^\s"'<>]*$/;

const SWITCH_DEFAULTS: SwitchConfig = {
  userReg: true, userAudit: false, userDeptType: 0, userDeptCode: '', mobileLogin: false, wechatLogin: false, faceLogin: false,
  cropLogin: false, dingLogin: false, realPerson: false, faceAudit: 'no', loginTick: 0,
  moduleCourse: true, moduleExam: true, moduleBattle: false, moduleCert: false,
};

export async function configRoutes(app: FastifyInstance) {
  const { sysConfig } = schema;
  const load = async () => {
    const [c] = await app.db.select().from(sysConfig).where(eq(sysConfig.id, '1'));
    if (!c) throw notFound('站点配置不存在！');
    return c;
  };

  // Visitors get the public subset; those who may configure the site get the whole record.
  route(app, Calls.siteDetail, { auth: 'optional' }, async (req) => {
    const c = await load();
    const switches = c.switchConfig as Record<string, unknown>;
    // A module not built yet reads as off, whatever an earlier version let be saved.
    const props = Object.fromEntries(
      PROP_KEYS.map((k) => [k, !isPendingModule(k) && Boolean(k in c.props ? c.props[k] : switches[k])]),
    ) as SiteProps;
    const pub: PublicSiteData = { id: c.id, siteName: c.siteName, backLogo: c.backLogo, frontLogo: c.frontLogo, copyRight: c.copyRight, props };
    if (!req.user?.permissions.includes('sys:config')) return pub;
    return { ...pub, mpCode: c.mpCode, h5Host: c.h5Host, tmpDir: c.tmpDir, uploadType: c.uploadType };
  });

  // Base form (spec admin §2): the same validators as the form, so a bypassed form gets the same messages.
  route(app, ConfigCalls.save, { permission: 'sys:config:save' }, async (req) => {
    const b = req.body;
    if (!b.siteName.trim()) throw badRequest('站点名称不能为空！');
    const msg = checkH5Host(b.h5Host) ?? checkTmpDir(b.tmpDir);
    if (msg) throw badRequest(msg);
    for (const url of [b.backLogo, b.frontLogo, b.mpCode]) if (url && !IMAGE_URL.test(url)) throw badRequest('图片地址不正确！');
    await load();
    await app.db
      .update(sysConfig)
      .set({ siteName: b.siteName.trim(), backLogo: b.backLogo, frontLogo: b.frontLogo, mpCode: b.mpCode, h5Host: b.h5Host, tmpDir: b.tmpDir, copyRight: sanitizeRichText(b.copyRight) })
      .where(eq(sysConfig.id, '1'));
    return null;
  });

  route(app, ConfigCalls.switchDetail, { permission: 'sys:config' }, async () => {
    const c = await load();
    const modules = Object.fromEntries(MODULE_KEYS.filter((k) => k in c.props).map((k) => [k, !isPendingModule(k) && Boolean(c.props[k])]));
    return { ...SWITCH_DEFAULTS, ...(c.switchConfig as Partial<SwitchConfig>), ...modules };
  });

  // Module switches live in props (menus read them); the rest is the switch config. A module not built
  // yet cannot be turned on: saved on, it would change nothing (no menus, routes or dashboard behind it).
  route(app, ConfigCalls.switchSave, { permission: 'sys:config:save' }, async (req) => {
    for (const [k, title] of Object.entries(PENDING_MODULES)) {
      if (req.body[k as keyof SwitchConfig] === true) throw badRequest(`${title}模块尚未提供，暂不能开启！`);
    }
    const c = await load();
    const { moduleCourse, moduleExam, moduleBattle, moduleCert, ...switches } = req.body;
    await app.db
      .update(sysConfig)
      .set({ switchConfig: switches, props: { ...c.props, moduleCourse, moduleExam, moduleBattle, moduleCert } })
      .where(eq(sysConfig.id, '1'));
    return null;
  });

  await app.register(propRoutes);
}
