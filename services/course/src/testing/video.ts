import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { patternVideo } from '../seed/demo-media';

/** A real short mp4 (test pattern + tone), made with ffmpeg; seconds and size as asked. */
export async function makeVideo(dir: string, seconds = 4, size = '320x180'): Promise<Buffer> {
  const out = join(dir, `sample-${seconds}.mp4`);
  await patternVideo(out, { seconds, size, rate: 15 });
  return readFile(out);
}
