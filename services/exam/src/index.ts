import { faceService, jobQueue, retentionScheduler, type Service, workCaptures } from '@exam/server-kit';
import { examFace } from './face/face-service';
import { examFaceRoutes } from './face/face-routes';
import { applyRoutes } from './apply/apply-routes';
import { clientExamRoutes } from './client/client-exam-routes';
import { examRoutes } from './exam/exam-routes';
import { handScheduler } from './paper/hand-scheduler';
import { paperRoutes } from './paper/paper-routes';
import { recordRoutes } from './records/record-routes';
import { reviewRoutes } from './review/review-routes';
import { forceHandRoutes } from './watch/force-hand-routes';

export { seed } from './seed/seed';
/** For proctoring (force hand-in) and review: the one way a paper is handed in and graded. */
export { handIn, HAND_REASONS, type HandReason } from './paper/paper-hand';

/** The exam service: exams, papers, review, applications (`/api/exam`, `/api/paper`, `/api/client/exam`). */
export const examService: Service = async (app) => {
  const jobs = jobQueue(app.db);
  const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
  const face = examFace({ db: app.db, infra: app.infra, faces, jobs, dataDir: app.config.dataDir });
  await app.register(examRoutes);
  await app.register(clientExamRoutes);
  await app.register(paperRoutes, { face });
  await app.register(examFaceRoutes, { face });
  await app.register(reviewRoutes);
  await app.register(applyRoutes);
  await app.register(recordRoutes);
  await app.register(forceHandRoutes);
  await handScheduler(app);
  // Face comparisons of this service's captures (the jobs table gives each to one replica), and the
  // evidence retention sweep (a lock: one replica at a time).
  const stops: (() => Promise<void> | void)[] = [];
  app.addHook('onReady', async () => {
    stops.push(workCaptures({ db: app.db, faces, jobs }, 'exam', face.applyExam));
    stops.push(workCaptures({ db: app.db, faces, jobs }, 'exam_entry', async () => undefined));
    stops.push(retentionScheduler(app.db, app.infra.kv, app.config.dataDir, app.log));
  });
  app.addHook('preClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
};
