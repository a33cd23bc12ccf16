/** Typed configuration from the environment: one place, no NODE_ENV branches elsewhere. */
export type Config = {
  port: number;
  host: string;
  /** postgres://… for PostgreSQL; empty for the embedded PGlite under dataDir. */
  databaseUrl: string;
  /** redis://… for Redis; empty for the in-process adapter. */
  redisUrl: string;
  /** Prefix of every Redis key and channel: several installations can share one Redis. */
  redisPrefix: string;
  dataDir: string;
  /** Seed demo accounts and data on first start. */
  demoData: boolean;
  /** Apply migrations and seed on start (one process does it in the distributed mode). */
  migrate: boolean;
  sessionTtlSec: number;
  logLevel: string;
  timeZone: string;
};

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    redisPrefix: env.REDIS_PREFIX ?? '',
    dataDir: env.DATA_DIR ?? './.data',
    demoData: bool(env.DEMO_DATA, !env.DATABASE_URL),
    migrate: bool(env.MIGRATE, true),
    sessionTtlSec: Number(env.SESSION_TTL_SEC ?? 12 * 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    timeZone: env.TZ_SITE ?? 'Asia/Shanghai',
    ...overrides,
  };
}
