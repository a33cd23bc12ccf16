/**
 * Post-build step of every shell and remote: writes `<file>.br` and `<file>.gz` beside each text asset, so the
 * embedded server (@fastify/static `preCompressed`) and nginx (`gzip_static`) send compressed bytes without
 * compressing on every request. Done once at build time, at the strongest settings.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|mjs|css|html|json|svg)$/;
// Below this, compression saves less than the response headers it adds.
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** True when `file` already has a compressed copy written after it (a second build into the same dist). */
async function compressedAlready(file: string): Promise<boolean> {
  const [plain, br] = await Promise.all([stat(file), stat(`${file}.br`).catch(() => null)]);
  return !!br && br.mtimeMs >= plain.mtimeMs;
}

/**
 * Compresses every text asset under `dir` that has no up-to-date compressed copy (the login entry builds into
 * the shell's dist after it); a variant is kept only when it is smaller. Returns the count.
 */
export async function precompressDir(dir: string): Promise<number> {
  let n = 0;
  for await (const file of files(dir)) {
    if (await compressedAlready(file)) continue;
    const plain = await readFile(file);
    if (plain.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(plain, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
      }),
      gz(plain, { level: 9 }),
    ]);
    if (br.length < plain.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < plain.length) await writeFile(`${file}.gz`, gzipped);
    n++;
  }
  return n;
}

/** The Rsbuild plugin: runs after a production build (not in dev, where the dev server serves from memory). */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'exam:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        await precompressDir(api.context.distPath);
      });
    },
  };
}
