import {
  type BodyOf,
  type ConfigCalls,
  isPendingModule,
  PENDING_MODULES,
  type PublicSiteData,
  type SiteProps,
  type SwitchConfig,
} from '@exam/contracts';
import {
  type AuthUser,
  type Bus,
  type Db,
  badRequest,
  modulesChanged,
  notFound,
  sanitizeRichText,
} from '@exam/server-kit';
import { checkH5Host, checkTmpDir } from '@exam/validators';
import * as repo from './config-repository';

const PROP_KEYS: (keyof SiteProps)[] = [
  'moduleCourse',
  'moduleExam',
  'moduleBattle',
  'moduleCert',
  'realPerson',
  'faceLogin',
  'mobileLogin',
  'userReg',
];
const MODULE_KEYS = ['moduleCourse', 'moduleExam', 'moduleBattle', 'moduleCert'] as const;
/** Image fields hold our own upload URLs or http(s) addresses: nothing a browser would run. */
const IMAGE_URL = /^(https?:\/\/|\/)[^\s"'<>]*$/;

const SWITCH_DEFAULTS: SwitchConfig = {
  userReg: true,
  userAudit: false,
  userDeptType: 0,
  userDeptCode: '',
  mobileLogin: false,
  wechatLogin: false,
  faceLogin: false,
  cropLogin: false,
  dingLogin: false,
  realPerson: false,
  faceAudit: 'no',
  loginTick: 0,
  moduleCourse: true,
  moduleExam: true,
  moduleBattle: false,
  moduleCert: false,
};

/** The site's base form and switches (spec admin §2, §3). */
export function configService({ db, bus }: { db: Db; bus: Bus }) {
  const load = async () => {
    const c = await repo.siteConfig(db);
    if (!c) throw notFound('站点配置不存在！');
    return c;
  };

  return {
    /** Visitors get the public subset; those who may configure the site get the whole record. */
    async siteDetail(me: AuthUser | null) {
      const c = await load();
      const switches = c.switchConfig as Record<string, unknown>;
      // A module not built yet reads as off, whatever an earlier version let be saved.
      const props = Object.fromEntries(
        PROP_KEYS.map((k) => [k, !isPendingModule(k) && Boolean(k in c.props ? c.props[k] : switches[k])]),
      ) as SiteProps;
      const pub: PublicSiteData = {
        id: c.id,
        siteName: c.siteName,
        backLogo: c.backLogo,
        frontLogo: c.frontLogo,
        copyRight: c.copyRight,
        props,
      };
      if (!me?.permissions.includes('sys:config')) return pub;
      return { ...pub, mpCode: c.mpCode, h5Host: c.h5Host, tmpDir: c.tmpDir, uploadType: c.uploadType };
    },

    /** Base form (spec admin §2): the same validators as the form, so a bypassed form gets the same messages. */
    async save(b: BodyOf<typeof ConfigCalls.save>) {
      if (!b.siteName.trim()) throw badRequest('站点名称不能为空！');
      const msg = checkH5Host(b.h5Host) ?? checkTmpDir(b.tmpDir);
      if (msg) throw badRequest(msg);
      for (const url of [b.backLogo, b.frontLogo, b.mpCode])
        if (url && !IMAGE_URL.test(url)) throw badRequest('图片地址不正确！');
      await load();
      await repo.updateSiteConfig(db, {
        siteName: b.siteName.trim(),
        backLogo: b.backLogo,
        frontLogo: b.frontLogo,
        mpCode: b.mpCode,
        h5Host: b.h5Host,
        tmpDir: b.tmpDir,
        copyRight: sanitizeRichText(b.copyRight),
      });
    },

    async switchDetail(): Promise<SwitchConfig> {
      const c = await load();
      const modules = Object.fromEntries(
        MODULE_KEYS.filter((k) => k in c.props).map((k) => [k, !isPendingModule(k) && Boolean(c.props[k])]),
      );
      return { ...SWITCH_DEFAULTS, ...(c.switchConfig as Partial<SwitchConfig>), ...modules };
    },

    /**
     * Module switches live in props (menus read them); the rest is the switch config. A module not built
     * yet cannot be turned on: saved on, it would change nothing (no menus, routes or dashboard behind it).
     */
    async switchSave(body: SwitchConfig) {
      for (const [k, title] of Object.entries(PENDING_MODULES)) {
        if (body[k as keyof SwitchConfig] === true) throw badRequest(`${title}模块尚未提供，暂不能开启！`);
      }
      const c = await load();
      const { moduleCourse, moduleExam, moduleBattle, moduleCert, ...switches } = body;
      await repo.updateSiteConfig(db, {
        switchConfig: switches,
        props: { ...c.props, moduleCourse, moduleExam, moduleBattle, moduleCert },
      });
      await modulesChanged(bus);
    },
  };
}
