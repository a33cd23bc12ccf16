import { faceService, jobQueue, retentionScheduler, type Service, workCaptures } from '@exam/server-kit';
import { clientCourseRoutes } from './client/client-course-routes';
import { courseRoutes } from './course/course-routes';
import { courseFaceService } from './face/face-service';
import { courseFaceRoutes } from './face/face-routes';
import { fileRoutes } from './file/file-routes';
import { learnRoutes } from './learn/learn-routes';
import { playAccess } from './play/play-access';
import { playRoutes } from './play/play-routes';
import { qaRoutes } from './qa/qa-routes';
import { readSocketRoutes } from './read/read-socket';
import { statRoutes } from './stat/stat-routes';
import { TRANSCODE_QUEUE, transcodeJob } from './transcode/transcode-job';

export { seed } from './seed/seed';

/**
 * The course service: courses, coursewares, study progress, media, Q&A (`/api/course`, `/api/client/course`).
 * Each process works the transcoding queue; the jobs table makes sure one of them runs each job.
 */
export const courseService: Service = async (app) => {
  const jobs = jobQueue(app.db);
  const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
  const face = courseFaceService({ db: app.db, kv: app.infra.kv, faces, jobs, dataDir: app.config.dataDir });
  const access = playAccess(app);
  await app.register(courseRoutes, { access });
  await app.register(clientCourseRoutes);
  await app.register(fileRoutes, { jobs, access });
  await app.register(learnRoutes);
  await app.register(qaRoutes);
  await app.register(playRoutes, { access });
  await app.register(statRoutes);
  await app.register(readSocketRoutes);
  await app.register(courseFaceRoutes, { face });
  const stops: (() => Promise<void> | void)[] = [];
  app.addHook('onReady', async () => {
    stops.push(jobs.work(TRANSCODE_QUEUE, transcodeJob(app.db, app.config.dataDir)));
    stops.push(workCaptures({ db: app.db, faces, jobs }, 'study', face.apply));
    stops.push(retentionScheduler(app.db, app.infra.kv, app.config.dataDir, app.log));
  });
  // Before the database closes: the running jobs finish and any claim is handed back.
  app.addHook('preClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
};
