import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pdfPageCount } from '../file/pdf-pages';
import { courseService, seed as courseSeed } from '../index';
import { cjkGlyphs } from '@exam/server-kit';

/** The text pdf.js reads from a PDF, pages in order. */
async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    text += (await (await doc.getPage(i)).getTextContent()).items.map((t) => ('str' in t ? t.str : '')).join('');
  }
  await doc.destroy();
  return text;
}

let app: FastifyInstance;
beforeAll(async () => {
  // A database on disk, as `npm start` has: the demo media are made only there.
  const dataDir = await mkdtemp(join(tmpdir(), 'course-seed-'));
  app = await createTestApp({
    services: [systemService, courseService],
    seeds: [systemSeed, courseSeed],
    config: { dataDir },
  });
}, 120_000);
afterAll(() => app.close());

describe('demo courses', () => {
  it('seeds an open course with an encrypted HLS video, a PDF and a reference file, and a points course', async () => {
    let f = (await app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, 'cf-demo-video')))[0];
    for (let i = 0; i < 300 && f?.state === 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      f = (await app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, 'cf-demo-video')))[0];
    }
    expect(f).toMatchObject({ state: 0, mediaKind: 'hls', duration: 12 });
    expect(
      await app.db.select().from(schema.elCourseHlsKey).where(eq(schema.elCourseHlsKey.fileId, f.id)),
    ).toHaveLength(1);
    const learner = await signIn(app, 'learner', 'Learner@2026');
    const open = (await call(app, '/api/client/course/open-paging', { current: 1, size: 12 }, learner)).body.data
      .records;
    expect(open.find((c: { id: string }) => c.id === 'c-demo-1')).toMatchObject({ totalFile: 2, price: 0 });
    expect(open.find((c: { id: string }) => c.id === 'c-demo-2')).toMatchObject({ costPoints: 20 });
    const refs = (await call(app, '/api/client/course/ref-file-list', { courseId: 'c-demo-1' }, learner)).body.data;
    expect(refs.map((r: { title: string }) => r.title)).toEqual(['每日安全检查表']);
    // The PDFs are in Chinese, drawn from the font's outlines where the machine has one (CI installs fonts-noto-cjk),
    // and the page count the reader and the progress use is the one pdf.js reads.
    const url = (await call(app, '/api/course/file/detail', { id: 'cf-demo-pdf', courseId: 'c-demo-1' }, learner)).body
      .data.fileUrl;
    const pdf = (await app.inject({ method: 'GET', url, headers: { token: learner } })).rawPayload;
    const [row] = await app.db.select().from(schema.elCourseFile).where(eq(schema.elCourseFile.id, 'cf-demo-pdf'));
    expect([row.pageCount, await pdfPageCount(pdf)]).toEqual([4, 4]);
    expect(await pdfText(pdf)).toMatch(/^安全生产手册.*个人防护.*隐患报告.*应急疏散/);
    expect(await pdfText(pdf)).not.toMatch(/[A-Za-z]{3}/);
    if (await cjkGlyphs()) expect(pdf.toString('latin1')).toContain('/Subtype /Type3');
    expect((await call(app, '/api/course/buy/init', { courseId: 'c-demo-2' }, learner)).body.data).toEqual({
      paid: true,
      costPoints: 20,
      order: null,
    });
    // The priced course (issue 40): 购买 opens an order of ￥19.90.
    expect((await call(app, '/api/course/buy/init', { courseId: 'c-demo-3' }, learner)).body.data).toMatchObject({
      paid: false,
      order: { amountFen: 1990, itemTitle: '安全管理精品课（付费课程）' },
    });
    const admin = await signIn(app, 'admin', 'Admin@2026');
    const dash = (await call(app, '/api/course/stat/dash-course-list', { current: 1, size: 5 }, admin)).body.data;
    expect(dash.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['c-demo-1', 'c-demo-2']));
  }, 60_000);
});
