// `verdictOf` stays inside the engines (import it from './face/engine'); the kit's name is face-capture's.
export {
  type EngineFactory,
  type EnrolledFace,
  FACE_DEFAULTS,
  FACE_PROVIDERS,
  type FaceConfig,
  faceConfigOf,
  type FaceEngine,
  FaceNotConfigured,
  type FaceProvider,
  type FaceQuality,
  type FaceRefusal,
  type FaceVerdict,
  isRefusal,
} from './engine';
export { faceEngineFor } from './engines';
export { FACE_REASONS, GATE } from './local';
export { imageOf, saveFaceImage, type StoredImage, storedImageOfUrl } from './images';
export {
  type FaceJobPayload,
  type FaceResult,
  type FaceService,
  faceQueueName,
  faceService,
  NOT_ENROLLED,
} from './service';
export { FaceCloudAuthFailed, FaceCloudBusy, FaceCloudFailed } from './cloud/errors';
export { probeFaceProvider } from './cloud/probe';
