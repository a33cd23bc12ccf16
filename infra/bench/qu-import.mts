/**
 * Measures importing 1,000 questions of mixed types (issue 4: "1,000 questions import in seconds").
 * Run: npx tsx infra/bench/qu-import.mts   (embedded PGlite in memory; DATABASE_URL=… for PostgreSQL)
 * Baseline in the same run: 50 questions saved one at a time through /api/qu/qu/save; the import's
 * time per question is reported against it.
 */
import ExcelJS from 'exceljs';
import { buildApp } from '@exam/server-kit';
import { call, signIn } from '@exam/server-kit/testing';
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
const b = '----bench';
const payload = Buffer.concat([
  Buffer.from(
    `--${b}\r\ncontent-disposition: form-data; name="file"; filename="bench.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  ),
  data,
  Buffer.from(`\r\n--${b}\r\ncontent-disposition: form-data; name="repoId"\r\n\r\n${repoId}\r\n--${b}--\r\n`),
]);
const b0 = performance.now();
for (let i = 0; i < 50; i++) {
  await call(
    app,
    '/api/qu/qu/save',
    {
      repoId,
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
const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/qu/qu/import',
  payload,
  headers: { 'content-type': `multipart/form-data; boundary=${b}`, token },
});
const ms = performance.now() - t0;
console.log(
  `imported ${res.json().data?.count ?? 0} of ${N} questions (${(data.length / 1024).toFixed(0)} KB .xlsx) in ${(ms / 1000).toFixed(2)} s — status ${res.statusCode}`,
);
console.log(
  `per question: import ${(ms / N).toFixed(2)} ms, one-by-one save (baseline) ${perSave.toFixed(2)} ms — import ${(perSave / (ms / N)).toFixed(1)}× faster`,
);
await app.close();
