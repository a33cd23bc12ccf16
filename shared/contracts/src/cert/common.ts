import Type from 'typebox';

/** Page sizes in PDF points (1/72 inch), portrait; landscape swaps them. */
export const CERT_PAGE_SIZES = { A4: [595.28, 841.89], A5: [419.53, 595.28] } as const;
export type CertPageSize = keyof typeof CERT_PAGE_SIZES;
export const CERT_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type CertOrientation = (typeof CERT_ORIENTATIONS)[number];

/** Width and height of a page in points. */
export function certPageOf(size: CertPageSize, orientation: CertOrientation): [number, number] {
  const [w, h] = CERT_PAGE_SIZES[size];
  return orientation === 'landscape' ? [h, w] : [w, h];
}

/**
 * What a template element shows: the learner's real name, the certificate number, its title, what it was earned for
 * (the exam or course title), score, grant date, expiry date, department, the verification QR code, a seal image,
 * or free text.
 */
export const CERT_ELEMENT_TYPES = [
  'realName',
  'number',
  'title',
  'sourceTitle',
  'score',
  'grantDate',
  'expireDate',
  'department',
  'qrcode',
  'seal',
  'text',
] as const;
export type CertElementType = (typeof CERT_ELEMENT_TYPES)[number];
export const CERT_ALIGNS = ['left', 'center', 'right'] as const;

/** Limits a template keeps (the server answers 400 past them). */
export const CERT_LIMITS = {
  elements: 60,
  textLength: 500,
  fontSize: { min: 6, max: 96 },
  /** QR code and seal sizes, points. */
  imageWidth: { min: 20, max: 400 },
  /** Background and seal images: bytes and pixels per side. */
  imageBytes: 5 * 1024 * 1024,
  imagePixels: 4096,
} as const;

/** Grant states as stored; `expired` is a valid grant past its expiry. */
export const CertState = { VALID: 'valid', REVOKED: 'revoked', EXPIRED: 'expired' } as const;
export const CERT_STATES = [CertState.VALID, CertState.REVOKED, CertState.EXPIRED] as const;
export type CertState = (typeof CERT_STATES)[number];

/** What every page calls a state (the admin list, 我的证书, the public verification page). */
export const CERT_STATE_TITLES: Record<string, string> = { valid: '有效', revoked: '已撤销', expired: '已过期' };

/** Where a grant rule takes its learners from: a passed exam, a finished course, or a manual batch. */
export const CertSource = { EXAM: 'exam', COURSE: 'course', MANUAL: 'manual' } as const;
export type CertSourceType = (typeof CertSource)[keyof typeof CertSource];
export const CERT_SOURCE_TITLES: Record<string, string> = { exam: '考试', course: '课程', manual: '手动发放' };

/**
 * The job queues (kit jobQueue) on which the exam and course services tell the certificate service of a paper finally
 * graded as passed and a course the server counts finished; payload `{ userId, sourceId, score? }` (the exam or course id).
 */
export const CERT_EVENT_QUEUES = {
  PAPER_PASSED: 'cert.paper-passed',
  COURSE_FINISHED: 'cert.course-finished',
} as const;
export type CertEventPayload = { userId: string; sourceId: string; score?: number };

/** The certificate service's permission tags: its routes declare them, the system seed's function menus carry them. */
export const CertPerm = {
  TMPL_LIST: 'cert:tmpl:list',
  TMPL_ADD: 'cert:tmpl:add',
  TMPL_UPDATE: 'cert:tmpl:update',
  TMPL_DELETE: 'cert:tmpl:delete',
  RULE_LIST: 'cert:rule:list',
  RULE_ADD: 'cert:rule:add',
  RULE_UPDATE: 'cert:rule:update',
  RULE_DELETE: 'cert:rule:delete',
  GRANT_LIST: 'cert:grant:list',
  GRANT_ADD: 'cert:grant:add',
  GRANT_REVOKE: 'cert:grant:revoke',
  GRANT_REISSUE: 'cert:grant:reissue',
  GRANT_EXPORT: 'cert:grant:export',
  KEY_MANAGE: 'cert:key:manage',
} as const;
/** Every tag of CertPerm (an admin role that manages certificates holds them all). */
export const CERT_TAGS: string[] = Object.values(CertPerm);

/** The public verification page a certificate's QR code and link open (learner shell route). */
export const CERT_VERIFY_PATH = '/pages/cert/verify/';
/** The JWKS of the platform's credential signing keys. */
export const CERT_JWKS_PATH = '/.well-known/jwks.json';

/**
 * One placed element. Positions and widths are points from the page's top left; `x` is where the text starts, is
 * centred or ends by `align`. `text` is the free text, or for other text elements a pattern where `{}` is the value
 * (e.g. `证书编号：{}`). `image` is a seal picture's address from the upload call.
 */
export const CertElement = Type.Object({
  type: Type.String({ maxLength: 32 }),
  x: Type.Number({ minimum: -10_000, maximum: 10_000 }),
  y: Type.Number({ minimum: -10_000, maximum: 10_000 }),
  width: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
  fontSize: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  color: Type.Optional(Type.String({ maxLength: 16 })),
  align: Type.Optional(Type.String({ maxLength: 16 })),
  text: Type.Optional(Type.String({ maxLength: 2000 })),
  image: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type CertElement = Type.Static<typeof CertElement>;
