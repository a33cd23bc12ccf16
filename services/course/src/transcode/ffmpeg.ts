import { execFile } from 'node:child_process';
import { VIDEO_QUALITIES } from '@exam/contracts';

/** A failure that retrying will not fix (bad input, ffmpeg missing): the courseware goes to state 2 at once. */
export class TranscodeError extends Error {}

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe';
/** One video may take long on 2 cores; beyond this something is wrong. */
const TIMEOUT_MS = 60 * 60_000;

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(new TranscodeError(`服务器未安装${bin}，无法转码`));
      const last = String(stderr).trim().split('\n').slice(-2).join(' ').slice(0, 300);
      reject(new TranscodeError(last || err.message));
    });
  });
}

export type Probe = { duration: number; width: number; height: number; hasAudio: boolean };

/** Duration (seconds, rounded down) and the video size, read with ffprobe; not a video → TranscodeError. */
export async function probe(file: string): Promise<Probe> {
  const out = await run(FFPROBE, [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type,width,height',
    '-of',
    'json',
    file,
  ]);
  let j: { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number }[] };
  try {
    j = JSON.parse(out);
  } catch {
    throw new TranscodeError('无法读取视频信息');
  }
  const video = j.streams?.find((s) => s.codec_type === 'video');
  const duration = Math.floor(Number(j.format?.duration ?? 0));
  if (!video || !(duration > 0)) throw new TranscodeError('文件不是有效的视频');
  return {
    duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    hasAudio: !!j.streams?.some((s) => s.codec_type === 'audio'),
  };
}

/** Scale filter for a quality: fit inside its box, never upscale, even sizes (x264 needs them). */
export function scaleArgs(quality: string): string[] {
  const box = VIDEO_QUALITIES[quality];
  if (!box) return [];
  return [
    '-vf',
    `scale='min(${box.width},iw)':'min(${box.height},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2`,
  ];
}

const encodeArgs = (quality: string, hasAudio: boolean) => [
  ...scaleArgs(quality),
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k'] : ['-an']),
];

/** mp4 at a quality, fast start (moov first) so browsers play while downloading. */
export function toMp4(src: string, out: string, quality: string, hasAudio: boolean) {
  return run(FFMPEG, [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    src,
    ...encodeArgs(quality, hasAudio),
    '-movflags',
    '+faststart',
    out,
  ]);
}

/**
 * HLS VOD, ~6 s segments named seg-N.ts; with `keyInfo` (the -hls_key_info_file: key uri, key path, iv)
 * every segment is AES-128 encrypted.
 */
export function toHls(src: string, dir: string, quality: string, hasAudio: boolean, keyInfo?: string) {
  return run(FFMPEG, [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    src,
    ...encodeArgs(quality, hasAudio),
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    `${dir}/seg-%d.ts`,
    ...(keyInfo ? ['-hls_key_info_file', keyInfo] : []),
    `${dir}/index.m3u8`,
  ]);
}
