import { type FaceConfig, FaceNotConfigured } from '../engine';
import { aliyunEngine } from './aliyun';
import { baiduEngine } from './baidu';
import { FaceCloudAuthFailed, FaceCloudBusy } from './errors';
import { type CloudOptions, cloudOptionsFromEnv } from './http';
import { qcloudEngine } from './qcloud';

/** A 64×64 plain grey JPEG (made with ffmpeg): any answer about its missing face proves the keys work. */
const BLANK = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgUFBcUFxsbGxsbGyAeICEhISAgICAhISEkJCQqKiokJCQhISQkKCgqKi4vLisrKisvLzIyMjw8OTlGRkhWVmf/xABKAAEAAAAAAAAAAAAAAAAAAAAAAQEAAAAAAAAAAAAAAAAAAAAAEAEAAAAAAAAAAAAAAAAAAAAAEQEAAAAAAAAAAAAAAAAAAAAA/8AAEQgAQABAAwEiAAIRAAMRAP/aAAwDAQACEQMRAD8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/9k=',
  'base64',
);

const CLOUDS = { qcloud: qcloudEngine, baidu: baiduEngine, aliyun: aliyunEngine } as const;

/**
 * Tries a cloud face config before it goes into use (the face form's 使用当前方案): one quality-gate call
 * with a blank picture. "No face" back means the provider accepted our signature/token; an auth error,
 * a missing key or an unreachable provider gives the admin a sentence to act on. Local needs no probe.
 */
export async function probeFaceProvider(
  cfg: FaceConfig,
  o: CloudOptions = { ...cloudOptionsFromEnv(), timeoutMs: 5000 },
): Promise<string | null> {
  if (cfg.provider === 'local') return null;
  try {
    await CLOUDS[cfg.provider](cfg, o).quality(BLANK);
    return null;
  } catch (e) {
    if (e instanceof FaceCloudAuthFailed) return `人脸识别服务认证失败，请检查密钥和服务节点！（${e.providerCode}）`;
    if (e instanceof FaceNotConfigured) return '人脸识别配置不完整，请填写密钥！';
    if (e instanceof FaceCloudBusy) return `人脸识别服务暂时无法连接，请稍后再试！（${e.providerCode}）`;
    return `人脸识别服务调用失败，请检查配置！（${(e as Error).message.slice(0, 120)}）`;
  }
}
