/**
 * Measures importing questions of mixed types: an .xlsx of N rows (issue 4: "1,000 questions import in seconds"),
 * then (issue 43) the same bank exported as Moodle XML and doubled to 2×N questions, previewed and imported the way
 * the dialog does it (import-preview, then import with the preview's digest), then the same again as a .docx.
 * Run: N=5000 DATABASE_URL=postgres://… npx tsx infra/bench/qu-import.mts   (no DATABASE_URL: PGlite in memory)
 * Baseline in the same run: 50 questions saved one at a time through /api/qu/qu/save; each import's time per
 * question is reported against it.
 */
import ExcelJS from 'exceljs';
import { buildApp } from '@exam/server-kit';
import { call, multipartForm, signIn } from '@exam/server-kit/testing';
import { repoService, seed as repoSeed } from '@exam/svc-repo';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { COLUMNS } from '../../services/repo/src/qu/xlsx-format';

const N = Number(process.env.N ?? 1000);
const kinds = [
  (i: number) => [
    String(i),
    '',
    '单选',
    '普通',
    `第${(i % 5) + 1}章`,
    `<p>单选题 ${i}</p>`,
    'B',
    '',
    '',
    '<p>解析</p>',
    '甲',
    '乙',
    '丙',
    '丁',
  ],
  (i: number) => [String(i), '', '多选', '较难', '', `多选题 ${i}`, 'AC', '', '', '', '甲', '乙', '丙', '丁'],
  (i: number) => [String(i), '', '判断', '普通', '', `判断题 ${i}`, 'A', '', '', '', '正确', '错误'],
  (i: number) => [String(i), '', '填空', '普通', '', `填空题 ${i} ____`, '', '', '', '', '答案||备选'],
  (i: number) => [String(i), '', '简答', '普通', '', `简答题 ${i}`, '', '参考答案', '要点', ''],
];

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('试题');
ws.addRow([...COLUMNS]);
for (let i = 1; i <= N; i++) ws.addRow(kinds[i % kinds.length](i));
const data = Buffer.from(await wb.xlsx.writeBuffer());

const app = await buildApp({
  services: [systemService, repoService],
  seeds: [systemSeed, repoSeed],
  logger: false,
  config: { dataDir: ':memory:', demoData: true, databaseUrl: process.env.DATABASE_URL ?? '' },
});
const token = await signIn(app, 'admin', 'Admin@2026');
const repoId = (await call(app, '/api/repo/save', { title: '导入测速' }, token)).body.data.id;
// The baseline's saves go to a bank of their own: the exported bank holds exactly the N imported questions.
const baseRepo = (await call(app, '/api/repo/save', { title: '逐题保存' }, token)).body.data.id;
/** A multipart call with the file and its fields; its reply and time. */
async function send(url: string, name: string, file: Buffer, fields: Record<string, string>) {
  const form = multipartForm({ name, data: file }, fields);
  const s = performance.now();
  const res = await app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, token },
  });
  return { res, ms: performance.now() - s };
}
const b0 = performance.now();
for (let i = 0; i < 50; i++) {
  await call(
    app,
    '/api/qu/qu/save',
    {
      repoId: baseRepo,
      quType: 1,
      content: `<p>基准题 ${i}</p>`,
      answerList: [
        { content: '甲', isRight: true },
        { content: '乙', isRight: false },
      ],
    },
    token,
  );
}
const perSave = (performance.now() - b0) / 50;
const { res, ms } = await send('/api/qu/qu/import', 'bench.xlsx', data, { repoId });
console.log(
  `imported ${res.json().data?.count ?? 0} of ${N} questions (${(data.length / 1024).toFixed(0)} KB .xlsx) in ${(ms / 1000).toFixed(2)} s — status ${res.statusCode}`,
);
console.log(
  `per question: import ${(ms / N).toFixed(2)} ms, one-by-one save (baseline) ${perSave.toFixed(2)} ms — import ${(perSave / (ms / N)).toFixed(1)}× faster`,
);

// Moodle XML: the bank exported, its questions twice in one file (2×N), into a new bank through the dialog's two calls.
const exported = await app.inject({
  method: 'POST',
  url: '/api/qu/qu/export',
  payload: { repoId, format: 'moodle' },
  headers: { token },
});
const x = exported.body;
const inner = x.slice(x.indexOf('<quiz>') + 6, x.lastIndexOf('</quiz>'));
const xml = Buffer.from(`${x.slice(0, x.indexOf('<quiz>'))}<quiz>${inner}${inner}</quiz>\n`);
const target = (await call(app, '/api/repo/save', { title: 'Moodle 导入测速' }, token)).body.data.id;
const pv = await send('/api/qu/qu/import-preview', 'bench.xml', xml, { repoId: target });
const digest = pv.res.json().data?.digest ?? '';
const im = await send('/api/qu/qu/import', 'bench.xml', xml, { repoId: target, digest });
const m = 2 * N;
console.log(
  `Moodle XML: ${(xml.length / 2 ** 20).toFixed(1)} MB, ${m} questions: preview ${(pv.ms / 1000).toFixed(2)} s (status ${pv.res.statusCode}, ${pv.res.json().data?.okCount ?? 0} importable), import ${(im.ms / 1000).toFixed(2)} s (status ${im.res.statusCode}, ${im.res.json().data?.count ?? 0} imported); both ${((pv.ms + im.ms) / 1000).toFixed(2)} s [target ≤ 60 s for 10,000]`,
);
console.log(
  `per question: Moodle import ${(im.ms / m).toFixed(2)} ms — ${(perSave / (im.ms / m)).toFixed(1)}× faster than one-by-one saves`,
);
// Word: the 2×N-question bank just imported, exported as .docx and imported into a new bank the same way.
const docx = await app.inject({
  method: 'POST',
  url: '/api/qu/qu/export',
  payload: { repoId: target, format: 'docx' },
  headers: { token },
});
const wordBank = (await call(app, '/api/repo/save', { title: 'Word 导入测速' }, token)).body.data.id;
const wpv = await send('/api/qu/qu/import-preview', 'bench.docx', docx.rawPayload, { repoId: wordBank });
const wim = await send('/api/qu/qu/import', 'bench.docx', docx.rawPayload, {
  repoId: wordBank,
  digest: wpv.res.json().data?.digest ?? '',
});
console.log(
  `Word: ${(docx.rawPayload.length / 2 ** 20).toFixed(1)} MB .docx, ${m} questions: preview ${(wpv.ms / 1000).toFixed(2)} s (status ${wpv.res.statusCode}, ${wpv.res.json().data?.okCount ?? 0} importable), import ${(wim.ms / 1000).toFixed(2)} s (status ${wim.res.statusCode}, ${wim.res.json().data?.count ?? 0} imported); both ${((wpv.ms + wim.ms) / 1000).toFixed(2)} s [target ≤ 60 s for 10,000]`,
);
await app.close();
