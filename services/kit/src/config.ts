import { SITE_TIME_ZONE } from '@exam/contracts';
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
  /** Apply migrations (and the seeds given to buildApp) on start; replicas run with 0 after the migrate entry. */
  migrate: boolean;
  /** Sliding session lifetime: a token unused this long ends. */
  sessionTtlSec: number;
  /** Absolute session lifetime: a token ends this long after sign-in, however much it is used. */
  sessionMaxSec: number;
  /**
   * Who may set X-Forwarded-For (Fastify/proxy-addr syntax: `loopback`, addresses, CIDRs, comma separated;
   * `none` trusts nobody). Default loopback: the distributed gateway (nginx) runs on this machine, and in the
   * embedded mode clients connect directly, so a client's own header is never believed.
   */
  trustProxy: string;
  /**
   * The demo's SMS outbox (no SMS provider): codes go to `<dataDir>/sms-outbox.log`, never to the log.
   * On by default only in the embedded mode; a deployment without a provider cannot send codes.
   */
  smsOutbox: boolean;
  logLevel: string;
  timeZone: string;
  /**
   * The site's own public origins (`SITE_URL`, comma separated, e.g. `https://exam.example.com`; default
   * `http://localhost:<port>` and `http://127.0.0.1:<port>`). Where the platform sends a browser back to
   * (third-party sign-in) is one of these or the H5 host, never an origin taken from the request's headers.
   */
  siteOrigins: string[];
};

/** The origins of a comma-separated list of URLs; entries that are not http(s) URLs are left out. */
export function originsOf(list: string): string[] {
  const out: string[] = [];
  for (const item of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      const u = new URL(item);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u.origin);
    } catch {
      // not a URL: not an origin of ours
    }
  }
  return [...new Set(out)];
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    redisPrefix: env.REDIS_PREFIX ?? '',
    dataDir: env.DATA_DIR ?? './.data',
    demoData: bool(env.DEMO_DATA, !env.DATABASE_URL),
    migrate: bool(env.MIGRATE, true),
    sessionTtlSec: Number(env.SESSION_TTL_SEC ?? 12 * 3600),
    sessionMaxSec: Number(env.SESSION_MAX_SEC ?? 7 * 86400),
    trustProxy: env.TRUST_PROXY || 'loopback',
    smsOutbox: bool(env.SMS_OUTBOX, !env.DATABASE_URL),
    logLevel: env.LOG_LEVEL ?? 'info',
    timeZone: env.TZ_SITE ?? SITE_TIME_ZONE,
    siteOrigins: originsOf(env.SITE_URL || `http://localhost:${port},http://127.0.0.1:${port}`),
    ...overrides,
  };
}

/** The `trustProxy` option Fastify takes: false for `none`, else the list of trusted gateway addresses. */
export function trustedProxies(setting: string): false | string[] {
  const list = setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length === 0 || list.includes('none') ? false : list;
}
