import type { Service } from '@exam/server-kit';
import { bookRoutes } from './book/book-routes';
import { clientRepoRoutes } from './client/client-repo-routes';
import { quRoutes } from './qu/qu-routes';
import { quFileRoutes } from './qu/qu-file-routes';
import { repoRoutes } from './repo/repo-routes';
import { reportRoutes } from './report/report-routes';
import { trainRoutes } from './train/train-routes';

export { seed } from './seed/seed';

/** The repo service: question banks, questions, training, the book (`/api/repo`, `/api/qu`, `/api/client/repo`, `/api/client/book`). */
export const repoService: Service = async (app) => {
  await app.register(repoRoutes);
  await app.register(quRoutes);
  await app.register(quFileRoutes);
  await app.register(reportRoutes);
  await app.register(trainRoutes);
  await app.register(clientRepoRoutes);
  await app.register(bookRoutes);
};
