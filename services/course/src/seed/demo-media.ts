import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A real mp4 of a test pattern and a tone, made with ffmpeg into `out` (the demo course, the tests and the benches all
 * use this one recipe, so nothing binary ships).
 */
export async function patternVideo(out: string, { seconds = 12, size = '640x360', rate = 25 } = {}): Promise<void> {
  const input = (src: string) => ['-f', 'lavfi', '-i', src];
  const video = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await promisify(execFile)(
    process.env.FFMPEG_PATH || 'ffmpeg',
    [
      '-nostdin',
      '-y',
      '-v',
      'error',
      ...input(`testsrc=size=${size}:rate=${rate}`),
      ...input('sine=frequency=440'),
    ].concat(['-t', String(seconds), ...video, '-c:a', 'aac', '-shortest', '-movflags', '+faststart', out]),
    { timeout: 120_000 },
  );
}

/** The demo course's 12-second video; null when ffmpeg is missing (the demo course then has no video). */
export async function demoVideo(): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'course-demo-'));
  try {
    const out = join(dir, 'demo.mp4');
    await patternVideo(out);
    return await readFile(out);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
