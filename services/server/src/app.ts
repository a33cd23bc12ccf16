import { type BuildOptions, buildApp } from '@exam/server-kit';
import { courseService } from '@exam/svc-course';
import { examService } from '@exam/svc-exam';
import { repoService } from '@exam/svc-repo';
import { seed, systemService } from '@exam/svc-system';
import { watchService } from '@exam/svc-watch';

export const ALL_SERVICES = [systemService, repoService, examService, courseService, watchService];

/** Every domain service in one app (embedded mode and the integration tests). */
export const buildAllInOne = (opts: Omit<BuildOptions, 'services' | 'afterMigrate'> = {}) =>
  buildApp({ ...opts, services: ALL_SERVICES, afterMigrate: seed });
