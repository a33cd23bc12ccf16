import { randomBytes } from 'node:crypto';
import { VIDEO_ENCODES, VIDEO_QUALITIES, type VideoEncode } from '@exam/contracts';
import { createStorage, type Db, type Storage } from '@exam/server-kit';
import { currentUploadConfig, uploadConfigOf } from './transcode-repository';

/** How uploaded videos are prepared (storage config `encodeType`, `videoEncode`, `videoQuality`). */
export type TranscodeSettings = { encodeType: 'none' | 'ffmpeg'; videoEncode: VideoEncode; videoQuality: string };

/**
 * The defaults when the storage config says nothing: transcode with ffmpeg to encrypted HLS at the
 * source size, so a fresh install protects its videos.
 */
export const DEFAULT_TRANSCODE: TranscodeSettings = {
  encodeType: 'ffmpeg',
  videoEncode: 'm3u8_encode',
  videoQuality: 'original',
};

export function transcodeSettingsOf(data: Record<string, unknown>): TranscodeSettings {
  const encodeType = data.encodeType === 'none' ? 'none' : DEFAULT_TRANSCODE.encodeType;
  const videoEncode = (VIDEO_ENCODES as readonly string[]).includes(String(data.videoEncode))
    ? (data.videoEncode as VideoEncode)
    : DEFAULT_TRANSCODE.videoEncode;
  const videoQuality =
    String(data.videoQuality ?? '') in VIDEO_QUALITIES ? String(data.videoQuality) : DEFAULT_TRANSCODE.videoQuality;
  return { encodeType, videoEncode, videoQuality };
}

/** The storage in use (the system service's storage config) and its transcoding settings. */
export async function activeStorage(
  db: Db,
  dataDir: string,
): Promise<{ storage: Storage; settings: TranscodeSettings }> {
  const row = await currentUploadConfig(db);
  const data = row?.data ?? {};
  return { storage: createStorage(row?.provider ?? 'local', data, dataDir), settings: transcodeSettingsOf(data) };
}

/** A storage provider by name with its saved settings (media stay readable after the provider is switched). */
export async function storageOf(db: Db, dataDir: string, provider: string): Promise<Storage> {
  const row = await uploadConfigOf(db, provider);
  return createStorage(provider, row?.data ?? {}, dataDir);
}

/** A generated storage key (`yyyyMMdd/<32 hex>.<ext>`), the shape every provider accepts. */
export function newMediaKey(ext: string, hex = randomBytes(16).toString('hex')): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `${day}/${hex}.${ext}`;
}
