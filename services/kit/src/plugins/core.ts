import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Db, type DbHandle, openDb } from '../db/client';
import { type Infra, openInfra } from '../infra';
import { createSessions, type Sessions } from '../session';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    infra: Infra;
    sessions: Sessions;
  }
}

export type CoreOptions = {
  config: Config;
  /** Run after migrations, under the migration lock. */
  seeds: ((db: Db, config: Config) => Promise<void>)[];
};

/** External resources first (fastify/demo order): database, key-value/bus, sessions. Closed on shutdown. */
export const corePlugin = fp<CoreOptions>(
  async (app, { config, seeds }) => {
    const handle: DbHandle = await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrate: config.migrate,
      afterMigrate: async (db) => {
        for (const seed of seeds) await seed(db, config);
      },
    });
    const infra = await openInfra(config.redisUrl, config.redisPrefix);
    app.decorate('config', config);
    app.decorate('db', handle.db);
    app.decorate('infra', infra);
    app.decorate(
      'sessions',
      createSessions({
        db: handle.db,
        kv: infra.kv,
        bus: infra.bus,
        ttlSec: config.sessionTtlSec,
        maxSec: config.sessionMaxSec,
      }),
    );
    app.addHook('onClose', async () => {
      await infra.close();
      await handle.close();
    });
  },
  { name: 'core' },
);
