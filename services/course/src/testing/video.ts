import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A real short mp4 (test pattern + tone), made with ffmpeg; seconds and size as asked. */
export async function makeVideo(dir: string, seconds = 4, size = '320x180'): Promise<Buffer> {
  const out = join(dir, `sample-${seconds}.mp4`);
  await promisify(execFile)('ffmpeg', [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=15`,
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    out,
  ]);
  return readFile(out);
}
