import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { api } from './helpers';

const DIR = path.join(os.tmpdir(), 'course-e2e');

/** A real 12-second mp4 (test pattern and tone), made with ffmpeg as CI installs it. */
export function demoVideo(name = 'demo.mp4', seconds = 12): string {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, name);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    String(seconds),
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** A valid PDF with `pages` pages, each saying its number. */
export function demoPdf(name = 'demo.pdf', pages = 3): string {
  mkdirSync(DIR, { recursive: true });
  const parts: string[] = [];
  const offsets: number[] = [];
  let out = '%PDF-1.4\n';
  const add = (s: string) => {
    offsets.push(out.length);
    out += s;
  };
  const font = 3 + pages * 2;
  add('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n');
  add(
    `2 0 obj<</Type/Pages/Kids[${Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ')}]/Count ${pages}>>endobj\n`,
  );
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 36 Tf 72 700 Td (Page ${i + 1}) Tj ET`;
    add(
      `${3 + i * 2} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents ${4 + i * 2} 0 R/Resources<</Font<</F1 ${font} 0 R>>>>>>endobj\n`,
    );
    add(`${4 + i * 2} 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n`);
  }
  add(`${font} 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n`);
  const xref = out.length;
  parts.push(
    out,
    `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  );
  parts.push(`trailer<</Size ${offsets.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
  const file = path.join(DIR, name);
  writeFileSync(file, parts.join(''), 'latin1');
  return file;
}

/** Uploads a courseware through the API and waits until it is ready (state 0). */
export async function uploadCourseware(
  request: APIRequestContext,
  token: string,
  file: string,
  title: string,
  mime: string,
): Promise<string> {
  const res = await request.post('/api/course/file/upload', {
    headers: { token },
    multipart: { file: { name: path.basename(file), mimeType: mime, buffer: readFileSync(file) }, title },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  const id = body.data.id as string;
  await expect
    .poll(
      async () => {
        const page = await api(request, token, '/api/course/file/paging', { current: 1, size: 50, params: { title } });
        return page.records.find((r: { id: string }) => r.id === id)?.state;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
  return id;
}
