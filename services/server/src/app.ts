import { type BuildOptions, buildApp } from '@exam/server-kit';
import { battleService, seed as battleSeed } from '@exam/svc-battle';
import { certService, seed as certSeed } from '@exam/svc-cert';
import { courseService, seed as courseSeed } from '@exam/svc-course';
import { payService } from '@exam/svc-pay';
import { examService, seed as examSeed } from '@exam/svc-exam';
import { repoService, seed as repoSeed } from '@exam/svc-repo';
import { systemService, seed as systemSeed } from '@exam/svc-system';
import { watchService } from '@exam/svc-watch';
import { remoteOrigins, runtimeConfig } from './static';

export const ALL_SERVICES = [
  systemService,
  repoService,
  examService,
  courseService,
  watchService,
  certService,
  battleService,
  payService,
];
/** System first: the others' demo data refers to its accounts. */
export const ALL_SEEDS = [systemSeed, repoSeed, examSeed, courseSeed, certSeed, battleSeed];

/** Every domain service in one app (embedded mode and the integration tests). */
export const buildAllInOne = (opts: Omit<BuildOptions, 'services' | 'seeds'> = {}) =>
  buildApp({ cspOrigins: remoteOrigins(runtimeConfig()), ...opts, services: ALL_SERVICES, seeds: ALL_SEEDS });
