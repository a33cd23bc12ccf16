export * from './app';
export * from './config';
export * from './errors';
export * from './paging';
export * from './password';
export * from './route';
export * from './util';
export * from './session';
export * from './cache-channels';
export {
  ARCHIVE_LIMITS,
  ARCHIVE_TOO_LARGE,
  ARCHIVE_UNREADABLE,
  type ArchiveEntry,
  type ArchiveLimits,
  assertArchiveWithinLimits,
  readArchive,
} from './archive';
export { userOf } from './plugins/auth';
export { wsAuth, WS_SESSION_ENDED } from './plugins/websocket';
export { socketChannel, type SocketChannel } from './plugins/socket-channel';
export { scrubUrl } from './log';
export { countGuess, GUESS_LIMITS, GuessScope, guessSecret, rightGuess, sameSecret } from './guesses';
export { readUpload, useMultipart, type Upload } from './plugins/multipart';
export { type Db, type Tx, openDb, watchStatements } from './db/client';
export * as schema from './db/schema';
export { type Bus, type Infra, type KeyValue, hit, memoryInfra, openInfra, redisInfra, withLock } from './infra';
export { seedOnce } from './db/seed';
export { preparedOn, preparedRows, rowsOf } from './db/rows';
export { richTextToPlain, sanitizeRichText } from './sanitize';
export * from './grading';
export * from './questions';
export {
  createStorage,
  LOCAL_FILE_URL,
  SAFE_KEY,
  sniffBytes,
  sniffFile,
  STORAGE_PROVIDERS,
  type ByteRange,
  type Storage,
  type StorageProvider,
} from './storage';
export { activeStorage, activeUploadStorage, newStorageKey, storageNamed } from './storage/upload-config';
export { readTemplateRows, sendFile, sendXlsx, tableXlsx, XLSX_TYPE } from './xlsx';
export { grantPoints, spendPointsOnce } from './points';
export { escapeHtml, sendUserMessages, type UserMessage } from './messages';
export { moduleGate, moduleOn, modulesChanged } from './modules';
export * from './answer-visibility';
export { type EnqueueOpts, type Job, type JobHandler, type JobQueue, jobQueue } from './jobs';
export { type CourseLearners, type LearnDay, courseStats } from './course-stats';
export * from './face-capture';
export * from './face';
export { attachmentDisposition } from './http/content-disposition';
export { apiBaseOf, apiBaseProblem } from './http/api-base';
export { DEFAULT_TIMEOUT_MS, fetchJson, listOf, numOf, objOf, strOf, type JsonAnswer } from './http/fetch-json';
export * from './pdf';
export * from './orders';
