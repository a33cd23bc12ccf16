import type { Service } from '@exam/server-kit';
import { courseRoutes } from './course/course-routes';

export { seed } from './seed/seed';

/** The course service: courses, coursewares, study progress, Q&A (`/api/course`, `/api/client/course`). */
export const courseService: Service = async (app) => {
  await app.register(courseRoutes);
};
