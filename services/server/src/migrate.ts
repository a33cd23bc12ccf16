import { loadConfig, openDb } from '@exam/server-kit';
import { ALL_SEEDS } from './app';

/**
 * Applies the migrations, then every service's first-start data in order (accounts → banks → exams …), once across
 * processes (the migration lock), and returns. Replicas never do this (`MIGRATE=0`): the distributed mode runs it
 * before starting them, a cluster as the `migrate` Job of each release (infra/k8s).
 */
export async function migrateAndSeed(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env, { migrate: true });
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: true,
    afterMigrate: async (db) => {
      for (const seed of ALL_SEEDS) await seed(db, config);
    },
  });
  await handle.close();
}
