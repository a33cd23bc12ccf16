import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sysConfigProp } from '../db/schema/system-config';
import { createStorage } from './index';
import type { Storage } from './types';

/**
 * The system service's storage settings (sys_config_prop, type upload) as the services that store files read them:
 * its published read, so no other service queries the system's table itself.
 */
async function uploadRow(db: Db, provider?: string) {
  const [row] = await db
    .select({ provider: sysConfigProp.provider, data: sysConfigProp.data })
    .from(sysConfigProp)
    .where(
      and(
        eq(sysConfigProp.type, 'upload'),
        provider ? eq(sysConfigProp.provider, provider) : eq(sysConfigProp.current, true),
      ),
    );
  return row;
}

/** The storage in use and its saved settings (none saved: local). */
export async function activeUploadStorage(
  db: Db,
  dataDir: string,
): Promise<{ storage: Storage; data: Record<string, unknown> }> {
  const row = await uploadRow(db);
  const data = row?.data ?? {};
  return { storage: createStorage(row?.provider ?? 'local', data, dataDir), data };
}

/** The storage in use (none saved: the local disk). */
export const activeStorage = async (db: Db, dataDir: string): Promise<Storage> =>
  (await activeUploadStorage(db, dataDir)).storage;

/** A provider by name with its saved settings (files stay readable after the provider in use is switched). */
export async function storageNamed(db: Db, dataDir: string, provider: string): Promise<Storage> {
  return createStorage(provider, (await uploadRow(db, provider))?.data ?? {}, dataDir);
}

/** A generated storage key, `yyyyMMdd/<32 hex>.<ext>`: never the user's name, a shape every provider accepts. */
export function newStorageKey(ext: string, hex = randomBytes(16).toString('hex'), now = new Date()): string {
  return `${now.toISOString().slice(0, 10).replace(/-/g, '')}/${hex}.${ext}`;
}
