import { VIDEO_ENCODES, VIDEO_QUALITIES, type VideoEncode } from '@exam/contracts';
import { activeUploadStorage, type Db, type Storage } from '@exam/server-kit';

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
export async function storageAndTranscoding(
  db: Db,
  dataDir: string,
): Promise<{ storage: Storage; settings: TranscodeSettings }> {
  const { storage, data } = await activeUploadStorage(db, dataDir);
  return { storage, settings: transcodeSettingsOf(data) };
}
