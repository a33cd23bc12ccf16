import { newStorageKey, storageNamed } from '@exam/server-kit';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CourseFileState } from '@exam/contracts';
import type { Db, Job, Storage } from '@exam/server-kit';
import { fileById } from '../file/file-repository';
import { removeStoredFiles } from '../file/stored-files';
import { probe, toHls, toMp4, TranscodeError } from './ffmpeg';
import { hlsPlaylistKey, MAX_SEGMENTS, parseStored, segmentKey, storedKey } from './media-keys';
import { storageAndTranscoding } from './storage-config';
import { markFailed, type Output, recordOutput } from './transcode-repository';

export const TRANSCODE_QUEUE = 'course.transcode';

async function putFile(storage: Storage, key: string, path: string, contentType: string) {
  const { size } = await stat(path);
  await storage.put(key, { body: createReadStream(path), size, contentType });
}

/**
 * Records a finished transcode on a courseware still waiting for it. One deleted (or finished by another
 * run) meanwhile owns nothing of this output: it is removed from storage rather than left behind.
 */
export async function saveOutput(
  db: Db,
  dataDir: string,
  f: { id: string; srcKey: string },
  out: Output,
): Promise<boolean> {
  const saved = await recordOutput(db, f.id, out);
  // A passthrough's media is the upload itself, which belongs to the row (and its delete).
  if (!saved && out.mediaKey !== f.srcKey)
    await removeStoredFiles(db, dataDir, { srcKey: '', mediaKind: out.mediaKind, mediaKey: out.mediaKey });
  return saved;
}

/**
 * Prepares an uploaded video (DESIGN §3 "Courses"): probes its duration, then per the storage config
 * keeps the mp4, re-encodes it to a quality, or cuts HLS (AES-128 with a fresh key kept in the database
 * when `m3u8_encode`), stores the output with the provider in use and marks the courseware 0, or 2 with the
 * reason. Storage trouble is retried by the queue; a video ffmpeg cannot read fails at once.
 */
export function transcodeJob(db: Db, dataDir: string) {
  return async (job: Job) => {
    const fileId = String(job.payload.fileId ?? '');
    const f = await fileById(db, fileId);
    if (!f || f.state !== CourseFileState.TRANSCODING) return; // deleted, or done by an earlier run
    const dir = await mkdtemp(join(tmpdir(), 'transcode-'));
    try {
      const src = parseStored(f.srcKey);
      if (!src) throw new TranscodeError('源文件不存在');
      const body = await (await storageNamed(db, dataDir, src.provider)).read(src.key);
      if (!body) throw new TranscodeError('源文件不存在');
      const input = join(dir, 'src.mp4');
      await pipeline(body, createWriteStream(input));
      const info = await probe(input);
      const { storage, settings } = await storageAndTranscoding(db, dataDir);
      let mediaKind = 'mp4';
      let mediaKey = f.srcKey;
      let key: { keyHex: string; ivHex: string } | null = null;
      if (settings.encodeType === 'none' || (settings.videoEncode === 'mp4' && settings.videoQuality === 'original')) {
        // Passthrough: the upload is served as it is.
      } else if (settings.videoEncode === 'mp4') {
        const out = join(dir, 'out.mp4');
        await toMp4(input, out, settings.videoQuality, info.hasAudio);
        const k = newStorageKey('mp4');
        await putFile(storage, k, out, 'video/mp4');
        mediaKey = storedKey(storage.provider, k);
      } else {
        const hls = join(dir, 'hls');
        await mkdir(hls);
        let keyInfo: string | undefined;
        if (settings.videoEncode === 'm3u8_encode') {
          key = { keyHex: randomBytes(16).toString('hex'), ivHex: randomBytes(16).toString('hex') };
          // The key file lives only in the temp dir and the database; the playlist names a placeholder uri.
          await writeFile(join(dir, 'enc.key'), Buffer.from(key.keyHex, 'hex'));
          keyInfo = join(dir, 'enc.keyinfo');
          await writeFile(keyInfo, `key\n${join(dir, 'enc.key')}\n${key.ivHex}\n`);
        }
        await toHls(input, hls, settings.videoQuality, info.hasAudio, keyInfo);
        const segments = (await readdir(hls)).filter((n) => /^seg-\d+\.ts$/.test(n));
        if (!segments.length || segments.length > MAX_SEGMENTS) throw new TranscodeError('切片失败');
        const playlist = hlsPlaylistKey();
        for (const s of segments)
          await putFile(storage, segmentKey(playlist, Number(s.slice(4, -3))), join(hls, s), 'video/mp2t');
        await storage.put(playlist, {
          body: await readFile(join(hls, 'index.m3u8')),
          size: (await stat(join(hls, 'index.m3u8'))).size,
          contentType: 'application/vnd.apple.mpegurl',
        });
        mediaKind = 'hls';
        mediaKey = storedKey(storage.provider, playlist);
      }
      await saveOutput(db, dataDir, f, { duration: info.duration, mediaKind, mediaKey, key });
    } catch (e) {
      const final = e instanceof TranscodeError || job.attempts >= job.maxAttempts;
      if (!final) throw e;
      const reason = e instanceof Error ? e.message : String(e);
      await markFailed(db, fileId, `转码失败：${reason}`.slice(0, 500));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
