import { type Db, schema } from '@exam/server-kit';

/** The site's name (the system service's site config) as the credentials' issuer name. */
export async function siteName(db: Db): Promise<string> {
  const [row] = await db.select({ name: schema.sysConfig.siteName }).from(schema.sysConfig).limit(1);
  return row?.name || '在线考试培训平台';
}
