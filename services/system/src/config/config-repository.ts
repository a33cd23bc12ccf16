import { type Db, type Tx, newId, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';

const { sysConfig, sysConfigProp } = schema;
/** The site has one configuration row. */
const SITE = eq(sysConfig.id, '1');
export type ConfigRow = typeof sysConfig.$inferSelect;
export type PropRow = typeof sysConfigProp.$inferSelect;

export async function siteConfig(db: Db): Promise<ConfigRow | undefined> {
  return (await db.select().from(sysConfig).where(SITE))[0];
}

export async function updateSiteConfig(db: Db, set: Partial<typeof sysConfig.$inferInsert>) {
  await db.update(sysConfig).set(set).where(SITE);
}

/** The stored switch config (raw; config/switches.ts reads it with defaults). */
export async function storedSwitches(db: Db): Promise<Record<string, unknown>> {
  const [c] = await db.select({ s: sysConfig.switchConfig }).from(sysConfig).where(SITE);
  return (c?.s ?? {}) as Record<string, unknown>;
}

/** Module switches and other site props (menus read them). */
export async function siteProps(db: Db): Promise<Record<string, boolean>> {
  const [c] = await db.select({ props: sysConfig.props }).from(sysConfig).where(SITE);
  return c?.props ?? {};
}

export async function h5Host(db: Db): Promise<string> {
  return (await db.select({ h: sysConfig.h5Host }).from(sysConfig).where(SITE))[0]?.h ?? '';
}

/** The provider in use for a type (upload, face, live, oauth), if one was chosen. */
export async function currentProp(db: Db, type: string): Promise<PropRow | undefined> {
  return (
    await db
      .select()
      .from(sysConfigProp)
      .where(and(eq(sysConfigProp.type, type), eq(sysConfigProp.current, true)))
  )[0];
}

/** A provider's saved settings. */
export async function propOf(db: Db | Tx, type: string, provider: string): Promise<PropRow | undefined> {
  return (
    await db
      .select()
      .from(sysConfigProp)
      .where(and(eq(sysConfigProp.type, type), eq(sysConfigProp.provider, provider)))
  )[0];
}

/** No provider of the type is in use (before another is put in use). */
export async function clearCurrent(tx: Tx, type: string) {
  await tx.update(sysConfigProp).set({ current: false }).where(eq(sysConfigProp.type, type));
}

/** Saves a provider's settings (one row per type and provider); `current` only ever set, never cleared, here. */
export async function upsertProp(
  tx: Tx,
  type: string,
  provider: string,
  p: { data: PropRow['data']; remark: string; current: boolean },
) {
  const values = { data: p.data, remark: p.remark, updateTime: sql`now()`, ...(p.current ? { current: true } : {}) };
  await tx
    .insert(sysConfigProp)
    .values({ id: newId(), type, provider, ...values, current: p.current })
    .onConflictDoUpdate({ target: [sysConfigProp.type, sysConfigProp.provider], set: values });
}

export async function setUploadType(tx: Tx, provider: string) {
  await tx.update(sysConfig).set({ uploadType: provider }).where(SITE);
}
