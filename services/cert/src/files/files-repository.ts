import { type Db, schema } from '@exam/server-kit';
import { and, eq } from 'drizzle-orm';

const { sysConfigProp } = schema;

/** The saved settings of a storage provider (the system service's storage config), or {} when none are saved. */
export async function uploadSettings(db: Db, provider: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ data: sysConfigProp.data })
    .from(sysConfigProp)
    .where(and(eq(sysConfigProp.type, 'upload'), eq(sysConfigProp.provider, provider)));
  return row?.data ?? {};
}
