import { createHash } from 'node:crypto';
import { CERT_VERIFY_PATH, CertSource } from '@exam/contracts';
import { SignJWT } from 'jose';
import { kidUri, SIGN_ALG, type SigningKey } from './key-service';

/** What a credential says of a grant. */
export type BadgeGrant = {
  code: string;
  ruleId: string;
  userId: string;
  realName: string;
  title: string;
  sourceType: string;
  sourceTitle: string;
  grantTime: Date;
  expireTime: Date | null;
};
export type Issuer = { origin: string; name: string };

/** The issuer profile's address (served by verify-routes.ts). */
export const issuerId = (origin: string) => `${origin}/api/cert/issuer`;
/** The revocation list of one credential (1EdTechRevocationList, served by verify-routes.ts). */
export const statusUrl = (origin: string, code: string) => `${origin}/api/cert/status/${code}`;
export const verifyUrl = (origin: string, code: string) => `${origin}${CERT_VERIFY_PATH}${code}`;

/** A stable name-based UUID (SHA-256, version 8 layout): the holder and the achievement get URIs without exposing ids. */
function uuidOf(name: string): string {
  const h = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  h[12] = '8';
  h[16] = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** RFC 3339 at whole seconds: the JWT's nbf and exp are whole seconds and must equal validFrom and validUntil. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const dateTime = (d: Date) => new Date(seconds(d) * 1000).toISOString().replace('.000Z', 'Z');

function criteria(g: BadgeGrant): string {
  if (g.sourceType === CertSource.EXAM) return `通过考试《${g.sourceTitle}》`;
  if (g.sourceType === CertSource.COURSE) return `完成课程《${g.sourceTitle}》的学习`;
  return `由${g.title}的颁发机构审核授予`;
}

/**
 * The grant as an Open Badges 3.0 OpenBadgeCredential (AchievementCredential, VC Data Model 2.0): the issuer profile,
 * the holder as credentialSubject with the achievement and its criteria, validFrom/validUntil, and a revocation list
 * as credentialStatus.
 */
export function openBadgeCredential(g: BadgeGrant, issuer: Issuer): Record<string, unknown> {
  return {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json',
    ],
    id: verifyUrl(issuer.origin, g.code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: g.title,
    issuer: { id: issuerId(issuer.origin), type: ['Profile'], name: issuer.name, url: issuer.origin },
    validFrom: dateTime(g.grantTime),
    ...(g.expireTime ? { validUntil: dateTime(g.expireTime) } : {}),
    credentialSubject: {
      id: `urn:uuid:${uuidOf(`cert-holder:${g.userId}`)}`,
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: g.realName, identityType: 'name', hashed: false }],
      achievement: {
        id: `urn:uuid:${uuidOf(`cert-rule:${g.ruleId}`)}`,
        type: ['Achievement'],
        achievementType: g.sourceType === CertSource.COURSE ? 'CertificateOfCompletion' : 'Certificate',
        name: g.title,
        description: g.sourceTitle ? `${g.title}（${g.sourceTitle}）` : g.title,
        criteria: { narrative: criteria(g) },
      },
    },
    credentialStatus: { id: statusUrl(issuer.origin, g.code), type: '1EdTechRevocationList' },
    credentialSchema: [
      {
        id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
        type: '1EdTechJsonSchemaValidator2019',
      },
    ],
  };
}

/**
 * The credential secured as a VC-JWT (Open Badges 3.0 §8.2): the payload is the credential with iss, jti, sub, nbf
 * and exp taken from it; the header names the algorithm, the key and typ JWT, nothing else.
 */
export function signCredential(vc: Record<string, unknown>, key: SigningKey, origin: string): Promise<string> {
  const subject = vc.credentialSubject as { id: string };
  const jwt = new SignJWT(vc)
    .setProtectedHeader({ alg: SIGN_ALG, kid: kidUri(origin, key.kid), typ: 'JWT' })
    .setIssuer((vc.issuer as { id: string }).id)
    .setJti(vc.id as string)
    .setSubject(subject.id)
    .setNotBefore(seconds(new Date(vc.validFrom as string)));
  if (vc.validUntil) jwt.setExpirationTime(seconds(new Date(vc.validUntil as string)));
  return jwt.sign(key.privateKey);
}
