import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type Config, loadConfig, trustedProxies } from './config';
import { logOptions, RequestLog } from './log';
import { readinessPlugin } from './readiness';
import type { Db } from './db/client';
import { admissionPlugin } from './plugins/admission';
import { authPlugin } from './plugins/auth';
import { corePlugin } from './plugins/core';
import { errorsPlugin } from './plugins/errors';
import { inputRulesPlugin, storableKeyword } from './plugins/input-rules';
import { securityPlugin } from './plugins/security';
import { websocketPlugin } from './plugins/websocket';

export type ServiceOptions = { config: Config };
export type Service = FastifyPluginAsync<ServiceOptions>;
/** First-start data of one service; must be idempotent (each checks its own marker). */
export type Seed = (db: Db, config: Config) => Promise<void>;

export type BuildOptions = {
  config?: Partial<Config>;
  services: Service[];
  /** Seeds, run in order after migrations (under the migration lock). */
  seeds?: Seed[];
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: { write(line: string): void };
  /** Origins besides our own that pages may load from (the remotes'), for the CSP. */
  cspOrigins?: readonly string[];
  /** Extra plugins registered after the services (static files in the all-in-one entry). */
  extras?: FastifyPluginAsync[];
  /** Cleanup after the app's own resources are closed (tests drop their database here). */
  onClose?: () => Promise<void>;
};

/** The app is a plugin tree: core resources → errors → auth → domain services → extras. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const config = loadConfig(process.env, opts.config);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...logOptions(config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: 2 * 1024 * 1024,
    logController: new RequestLog(),
    // Migrations and seeding on a loaded 2-core machine can take longer than Fastify's 10 s default.
    pluginTimeout: 120_000,
    trustProxy: trustedProxies(config.trustProxy),
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: false, allErrors: false },
      plugins: [storableKeyword],
    },
  });
  // First of all hooks: a call shed at a busy replica costs nothing else.
  await app.register(admissionPlugin);
  await app.register(corePlugin, { config, seeds: opts.seeds ?? [] });
  await app.register(securityPlugin, { origins: opts.cspOrigins });
  await app.register(errorsPlugin);
  await app.register(inputRulesPlugin);
  await app.register(websocketPlugin);
  await app.register(authPlugin);
  // Liveness for process supervisors and the gateway; says nothing about the data.
  app.get('/healthz', { config: { auth: 'public' } }, async () => ({ status: 'ok' }));
  // Readiness for the orchestrator: a replica that cannot reach its database or Redis gets no traffic.
  await app.register(readinessPlugin);
  for (const svc of opts.services) await app.register(svc, { config });
  for (const extra of opts.extras ?? []) await app.register(extra);
  if (opts.onClose) app.addHook('onClose', opts.onClose);
  await app.ready();
  return app;
}

/** Listens and closes gracefully on SIGINT/SIGTERM. */
export async function serve(app: FastifyInstance) {
  const { port, host } = app.config;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      app.log.info({ sig }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  // The accept queue: Node's 511 overflowed when a start storm opened thousands of connections at once (the kernel
  // then resets connections the gateway had already sent a call on); admission control needs them accepted to queue
  // or refuse them. The kernel caps it at net.core.somaxconn (4,096 here).
  await app.listen({ port, host, backlog: 4096 });
  return app;
}
