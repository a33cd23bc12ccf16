import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A 12-second demo video (test pattern and a tone) made with ffmpeg at seed time, so nothing binary ships;
 * null when ffmpeg is missing (the demo course then has no video).
 */
export async function demoVideo(): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'course-demo-'));
  try {
    const out = join(dir, 'demo.mp4');
    await promisify(execFile)(
      process.env.FFMPEG_PATH || 'ffmpeg',
      [
        '-nostdin',
        '-y',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=640x360:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '12',
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
      ],
      { timeout: 120_000 },
    );
    return await readFile(out);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
