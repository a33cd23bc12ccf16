import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * An in-memory PGlite with the migrations applied (tests open hundreds). Creating one runs initdb in
 * WASM, about 2.5 s; loading a dump of a migrated one takes 0.5 s. The dump is kept in the OS temp
 * folder under a hash of the migration files, so every test process shares it and a new migration
 * makes a new one.
 */
export async function migratedMemoryPglite(migrations: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const file = path.join(tmpdir(), `exam-pglite-${templateKey(migrations)}.tar`);
  if (existsSync(file)) {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
    await client.waitReady;
    return client;
  }
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client) as never, { migrationsFolder: migrations });
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  // Written aside and renamed: a process reading it never sees half a file.
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, dump);
  renameSync(part, file);
  return client;
}

function templateKey(migrations: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    hash.update(name).update(readFileSync(path.join(migrations, name)));
  hash.update(readFileSync(path.join(migrations, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}
