import type { Service } from '@exam/server-kit';
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
  await app.register(examRoutes);
  await app.register(clientExamRoutes);
  await app.register(paperRoutes);
  await app.register(reviewRoutes);
  await app.register(applyRoutes);
  await app.register(recordRoutes);
  await app.register(forceHandRoutes);
  await handScheduler(app);
};
