import { type Db, schema } from '@exam/server-kit';
import { eq } from 'drizzle-orm';

const { sysConfigProp } = schema;

/** The payment providers' saved settings (the system service's settings page writes them). */
export const payProps = (db: Db) =>
  db
    .select({ provider: sysConfigProp.provider, data: sysConfigProp.data })
    .from(sysConfigProp)
    .where(eq(sysConfigProp.type, 'pay'));
