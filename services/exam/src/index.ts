import type { Service } from '@exam/server-kit';
import { examRoutes } from './exam/exam-routes';

export { seed } from './seed/seed';

/** The exam service: exams, papers, review, applications (`/api/exam`, `/api/paper`, `/api/client/exam`). */
export const examService: Service = async (app) => {
  await app.register(examRoutes);
};
