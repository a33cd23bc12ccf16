import Type from 'typebox';

export const SiteProps = Type.Object({
  moduleCourse: Type.Boolean(),
  moduleExam: Type.Boolean(),
  moduleBattle: Type.Boolean(),
  moduleCert: Type.Boolean(),
  realPerson: Type.Boolean(),
  faceLogin: Type.Boolean(),
  mobileLogin: Type.Boolean(),
  userReg: Type.Boolean(),
});
export type SiteProps = Type.Static<typeof SiteProps>;

/** The site's one configuration record (sys_config): what the shells and the settings page read and save. */
export const SITE_CONFIG_ID = '1';

/** The site data any visitor may read: name, logos, copyright, module switches. */
export const PublicSiteData = Type.Object({
  id: Type.String(),
  siteName: Type.String(),
  backLogo: Type.String(),
  frontLogo: Type.String(),
  copyRight: Type.String(),
  props: SiteProps,
});
export type PublicSiteData = Type.Static<typeof PublicSiteData>;

/** The whole record, for those allowed to configure the site. */
export const SiteData = Type.Object({
  ...PublicSiteData.properties,
  mpCode: Type.String(),
  h5Host: Type.String(),
  tmpDir: Type.String(),
  uploadType: Type.String(),
});
export type SiteData = Type.Static<typeof SiteData>;

/** Answer of /api/sys/config/detail: the full record or the public subset. */
export const SiteDetailRes = Type.Union([SiteData, PublicSiteData]);

/**
 * The site's time zone: every time on the wire is `yyyy-MM-dd HH:mm:ss` in it (DESIGN §2), so every date widget
 * reads and fills times in it too, whatever the browser's own clock zone (a browser in UTC filled 8 hours early).
 */
export const SITE_TIME_ZONE = 'Asia/Shanghai';
