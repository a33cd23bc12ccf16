import { seed as systemSeed, systemService } from '@exam/svc-system';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { repoService, seed } from './index';

/** The repo service with system data and the demo banks, plus tokens of the three demo accounts. */
export async function repoTestApp() {
  const app = await createTestApp({ services: [systemService, repoService], seeds: [systemSeed, seed] });
  const [admin, learner, learner2] = await Promise.all([
    signIn(app, 'admin', 'Admin@2026'), signIn(app, 'learner', 'Learner@2026'), signIn(app, 'learner2', 'Learner@2026'),
  ]);
  return { app, admin, learner, learner2, post: (url: string, body: unknown, token?: string) => call(app, url, body, token) };
}
export type RepoTest = Awaited<ReturnType<typeof repoTestApp>>;
export type { FastifyInstance };
