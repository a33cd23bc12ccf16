import type { EngineFactory, FaceConfig, FaceEngine, FaceProvider } from './engine';
import { aliyunEngine } from './cloud/aliyun';
import { baiduEngine } from './cloud/baidu';
import { qcloudEngine } from './cloud/qcloud';
import { localEngine } from './local';

/**
 * One factory per provider. The cloud clients (./cloud/<provider>.ts) throw FaceNotConfigured without
 * their keys; they reach the documented endpoints (tests: FACE_CLOUD_BASE_URL → the stand-in).
 */
const FACTORIES: Record<FaceProvider, EngineFactory> = {
  local: localEngine,
  qcloud: qcloudEngine,
  baidu: baiduEngine,
  aliyun: aliyunEngine,
};

/** The engine for a face config (see `faceConfigOf`); throws FaceNotConfigured for an unusable provider. */
export const faceEngineFor = (cfg: FaceConfig): FaceEngine => FACTORIES[cfg.provider](cfg);
