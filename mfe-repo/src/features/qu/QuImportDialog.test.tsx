import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import { errorReply, okReply } from '@exam/api/testing';
import { type ImportPreview, type ImportPreviewItem, QuCalls, RepoCalls } from '@exam/contracts';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { QuImportDialog } from './QuImportDialog';

const t = withTestServer();

const item = (over: Partial<ImportPreviewItem>): ImportPreviewItem => ({
  ref: '题目“标志”',
  chapter: '安全规程',
  quType: 1,
  quType_dictText: '单选',
  content: '哪个是禁止标志？',
  options: ['A. 圆形带斜杠', 'B. 三角形'],
  answer: 'A',
  subCount: 0,
  error: '',
  note: '',
  ...over,
});
const PREVIEW: ImportPreview = {
  format: 'moodle',
  formatTitle: 'Moodle XML',
  digest: 'd1g3st',
  okCount: 2,
  failCount: 1,
  imageCount: 1,
  items: [
    item({ note: '答案反馈未导入' }),
    item({ ref: '题目“坏题”', content: '坏题的题干', error: '单选题必须有且只有一个正确答案！' }),
    item({ ref: '题目“判断”', quType: 3, quType_dictText: '判断', content: '地球是圆的', options: [], answer: '正确' }),
  ],
};
const xml = new File(['<quiz/>'], 'quiz.xml', { type: 'text/xml' });

const calls = (url: string) => t.server.requests.filter((r) => r.path === url);
/** Renders the dialog on bank r1 and picks a file; `done` counts the reloads it asks for. */
async function openAndPick(preview: Parameters<typeof t.server.route>[1]) {
  t.server.route(RepoCalls.paging.url, okReply({ records: [{ id: 'r1', title: '安全题库' }], total: 1 }));
  t.server.route(QuCalls.importPreviewUrl, preview);
  const done = { count: 0 };
  renderWithStore(<QuImportDialog repoId="r1" onClose={() => undefined} onDone={() => void done.count++} />);
  await screen.findByText('导入试题');
  const input = document.querySelector('.arco-modal input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [xml] } });
  return done;
}
const importButton = (n: number) => screen.getByText(`导入 ${n} 道试题`).closest('button') as HTMLButtonElement;

describe('QuImportDialog', () => {
  it('previews the picked file: the summary, a good item and a bad one with its reason', async () => {
    await openAndPick(okReply(PREVIEW));
    await screen.findByText('格式：Moodle XML · 可导入 2 道 · 有错误 1 道 · 图片 1 张', undefined, { timeout: 10_000 });
    // The preview is asked for the page's bank.
    expect(calls(QuCalls.importPreviewUrl)[0].body).toMatch(/name="repoId"\r\n\r\nr1\r\n/);
    expect(screen.getByText('单选题必须有且只有一个正确答案！')).toBeTruthy();
    expect(screen.getByText('无法导入')).toBeTruthy();
    expect(screen.getAllByText('可导入')).toHaveLength(2);
    expect(screen.getByText('哪个是禁止标志？')).toBeTruthy();
    expect(screen.getAllByText('A. 圆形带斜杠').length).toBeGreaterThan(0);
    expect(screen.getByText('答案反馈未导入')).toBeTruthy();
    // The items that cannot be imported come first.
    const rows = [...document.querySelectorAll('.arco-modal tbody tr')].map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('坏题的题干');
    expect(importButton(2).disabled).toBe(false);
  });

  it('导入 sends the previewed digest, reports the count and asks for a reload', async () => {
    t.server.route(QuCalls.importUrl, okReply({ count: 2, skipped: 1 }));
    const done = await openAndPick(okReply(PREVIEW));
    await screen.findByText('格式：Moodle XML · 可导入 2 道 · 有错误 1 道 · 图片 1 张', undefined, { timeout: 10_000 });
    fireEvent.click(importButton(2));
    await screen.findByText('成功导入 2 道试题！跳过 1 道有错误的试题。', undefined, { timeout: 10_000 });
    const body = calls(QuCalls.importUrl)[0].body;
    expect(body).toMatch(/name="digest"\r\n\r\nd1g3st\r\n/);
    expect(body).toMatch(/name="repoId"\r\n\r\nr1\r\n/);
    expect(body).toContain('filename="quiz.xml"');
    expect(done.count).toBe(1);
  });

  it('shows the message of a file the server cannot read, and imports nothing', async () => {
    await openAndPick(errorReply(400, '无法识别的文件：不是 Excel 模板、Moodle XML、GIFT 或 Aiken'));
    await screen.findByText('无法识别的文件：不是 Excel 模板、Moodle XML、GIFT 或 Aiken', undefined, {
      timeout: 10_000,
    });
    expect(importButton(0).disabled).toBe(true);
  });

  it('leaves 导入 disabled when nothing in the file can be imported', async () => {
    const bad = item({ error: '题干不能为空！' });
    await openAndPick(okReply({ ...PREVIEW, okCount: 0, failCount: 1, imageCount: 0, items: [bad] }));
    await screen.findByText('题干不能为空！', undefined, { timeout: 10_000 });
    expect(importButton(0).disabled).toBe(true);
    fireEvent.click(importButton(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(QuCalls.importUrl)).toHaveLength(0);
  });
});
