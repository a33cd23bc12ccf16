import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext reads it (Debian poppler-utils). */
export async function pdfText(pdf: Buffer): Promise<string> {
  return inTemp(pdf, async (file) => (await run('pdftotext', [file, '-'])).stdout);
}

/** What a real QR reader (zbarimg, Debian zbar-tools) decodes on the first page rendered by pdftoppm at 150 dpi. */
export async function pdfQrCodes(pdf: Buffer): Promise<string[]> {
  return inTemp(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const page = (await readdir(dir)).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
    const { stdout } = await run('zbarimg', ['-q', '--raw', join(dir, page)]).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? '',
    }));
    return stdout
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  });
}

async function inTemp<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cert-pdf-'));
  try {
    const file = join(dir, 'c.pdf');
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
