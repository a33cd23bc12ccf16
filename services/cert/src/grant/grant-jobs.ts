import { CertSource } from '@exam/contracts';
import type { Job, JobQueue } from '@exam/server-kit';
import { CERT_QUEUES, type GrantService } from './grant-service';

/** Grant events are small transactions: claimed in batches so a cliff of hand-ins is granted in few round trips. */
const BATCH = 20;

/**
 * Works the certificate queues: `cert.paper-passed` and `cert.course-finished` (enqueued by the exam and course
 * services with `{ userId, sourceId, score? }`) grant the source's certificate once, or are skipped while 证书管理 is
 * off; `cert.render` renders a new grant's PDF. A failed job is retried by the queue (a grant found on retry is not
 * granted again).
 */
export function workCertJobs(jobs: JobQueue, grants: GrantService, o: { pollMs?: number } = {}) {
  const onBatch = (sourceType: typeof CertSource.EXAM | typeof CertSource.COURSE) => (batch: Job[]) =>
    grants.onEvents(sourceType, batch);
  const loops = [
    jobs.workBatches(CERT_QUEUES.PAPER_PASSED, BATCH, onBatch(CertSource.EXAM), o),
    jobs.workBatches(CERT_QUEUES.COURSE_FINISHED, BATCH, onBatch(CertSource.COURSE), o),
  ];
  const render = jobs.work(
    CERT_QUEUES.RENDER,
    async (job) => {
      if (typeof job.payload.grantId === 'string') await grants.ensurePdf(job.payload.grantId);
    },
    o,
  );
  return async () => {
    await Promise.all([...loops.map((l) => l.stop()), render()]);
  };
}
