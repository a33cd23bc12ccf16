export { type EnqueueOpts, type Job, type JobHandler, type JobQueue, jobQueue } from './queue';
