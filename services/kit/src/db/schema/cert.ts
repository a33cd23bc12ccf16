import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, time, timestamps } from './common';

/** One placed element of a certificate template (validated by the cert service; positions in points from the top left). */
export type CertElementRow = {
  type: string;
  x: number;
  y: number;
  width?: number;
  fontSize?: number;
  color?: string;
  align?: string;
  text?: string;
  /** A seal image: the address the admin picked and where the bytes are stored. */
  image?: string;
  storage?: string;
  key?: string;
};

/** Certificate templates (issue 38): page, background image and placed elements. Owner: the cert service. */
export const certTmpl = pgTable('cert_tmpl', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** A4 | A5 */
  pageSize: text('page_size').notNull().default('A4'),
  /** portrait | landscape */
  orientation: text('orientation').notNull().default('landscape'),
  /** The background image's address as uploaded, and the storage and key its bytes are read from ('' for none). */
  bgImage: text('bg_image').notNull().default(''),
  bgStorage: text('bg_storage').notNull().default(''),
  bgKey: text('bg_key').notNull().default(''),
  elements: jsonb('elements').$type<CertElementRow[]>().notNull().default([]),
  ...timestamps(),
});

/**
 * Grant rules: a template attached to a source (a passed exam, a finished course, or a manual batch), one rule per
 * source. `seq` is the rule's number sequence, taken with `update … set seq = seq + 1 returning` in the grant's
 * transaction.
 */
export const certRule = pgTable(
  'cert_rule',
  {
    id: text('id').primaryKey(),
    tmplId: text('tmpl_id')
      .notNull()
      .references(() => certTmpl.id),
    /** What the certificate is called, e.g. 安全生产合格证书. */
    title: text('title').notNull(),
    /** exam | course | manual */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** 0: never expires. */
    validMonths: integer('valid_months').notNull().default(0),
    numPrefix: text('num_prefix').notNull().default(''),
    numYear: boolean('num_year').notNull().default(true),
    numDigits: integer('num_digits').notNull().default(6),
    seq: integer('seq').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('cert_rule_source_uq').on(t.sourceType, t.sourceId), index('cert_rule_tmpl_idx').on(t.tmplId)],
);

/**
 * Granted certificates. `code` is the public, unguessable verification code (128 random bits, base32); each learner
 * gets a rule's certificate once (unique rule + user). Names and titles are kept as they were when granted.
 */
export const certGrant = pgTable(
  'cert_grant',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    number: text('number').notNull().default(''),
    ruleId: text('rule_id')
      .notNull()
      .references(() => certRule.id),
    tmplId: text('tmpl_id')
      .notNull()
      .references(() => certTmpl.id),
    userId: text('user_id').notNull(),
    realName: text('real_name').notNull(),
    deptName: text('dept_name').notNull().default(''),
    title: text('title').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    sourceTitle: text('source_title').notNull().default(''),
    score: real('score'),
    grantTime: time('grant_time').notNull().defaultNow(),
    /** null: never expires. */
    expireTime: time('expire_time'),
    /** valid | revoked (expired is read from expireTime) */
    state: text('state').notNull().default('valid'),
    revokeReason: text('revoke_reason').notNull().default(''),
    revokeTime: time('revoke_time'),
    /** Where the rendered PDF is ('' until rendered; rendered again on demand when missing). */
    pdfStorage: text('pdf_storage').notNull().default(''),
    pdfKey: text('pdf_key').notNull().default(''),
    /** When the PDF was rendered: a template saved later renders it again on the next download. */
    renderTime: time('render_time'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('cert_grant_once').on(t.ruleId, t.userId),
    index('cert_grant_user_idx').on(t.userId, t.grantTime),
    index('cert_grant_time_idx').on(t.grantTime),
  ],
);

/**
 * The platform's Ed25519 signing keys for Open Badges credentials. The newest unretired key signs; every unretired
 * key is published in the JWKS. The private key (PKCS#8 PEM) never leaves the server.
 */
export const certKey = pgTable('cert_key', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privatePem: text('private_pem').notNull(),
  createTime: createTime(),
  retireTime: time('retire_time'),
});
