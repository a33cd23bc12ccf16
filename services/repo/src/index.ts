import type { Service } from '@exam/server-kit';
import { repoRoutes } from './repo/repo-routes';

export { seed } from './seed/seed';

/** The repo service: question banks, questions, training, the book (`/api/repo`, `/api/qu`, `/api/client/repo`, `/api/client/book`). */
export const repoService: Service = async (app) => {
  await app.register(repoRoutes);
};
