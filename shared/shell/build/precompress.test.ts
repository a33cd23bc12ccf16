import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@rstest/core';
import { precompressDir } from './precompress';

const text = (n: number) => 'export const x = "' + 'a'.repeat(n) + '";\n';

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text assets that decompress to the file, and skips small ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pc-'));
    writeFileSync(path.join(dir, 'big.js'), text(4000));
    writeFileSync(path.join(dir, 'small.js'), 'x');
    expect(await precompressDir(dir)).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'big.js.br'))).toString()).toBe(text(4000));
    expect(gunzipSync(readFileSync(path.join(dir, 'big.js.gz'))).toString()).toBe(text(4000));
    expect(() => statSync(path.join(dir, 'small.js.br'))).toThrow();
  });

  it('a second build into the same folder compresses only its new or changed files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pc-'));
    writeFileSync(path.join(dir, 'shell.js'), text(4000));
    await precompressDir(dir);
    writeFileSync(path.join(dir, 'login.js'), text(5000));
    expect(await precompressDir(dir)).toBe(1);
    // A file rewritten after its copy (a rebuild) is compressed again, from its new content.
    writeFileSync(path.join(dir, 'shell.js'), text(6000));
    const later = Date.now() / 1000 + 5;
    utimesSync(path.join(dir, 'shell.js'), later, later);
    expect(await precompressDir(dir)).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'shell.js.br'))).toString()).toBe(text(6000));
  });
});
