export * from './capture-store';
export { dataUrlOf, frameImage, type FrameImage } from './image';
export { DEFAULT_RETAIN_DAYS, removeOldCaptures, retainDays, retentionScheduler, retentionSweep } from './retention';
