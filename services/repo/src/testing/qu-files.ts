import { multipartForm } from '@exam/server-kit/testing';
import type { RepoTest } from './test-app';

/** The question-file calls of a repo test app: an import (or preview) as the dialog sends it, a download, a new bank. */
export function quFileCalls(app: () => RepoTest) {
  return {
    /** The file and the bank id (and any other fields) as multipart, to the import or, with `url`, the preview. */
    importFile(
      data: Buffer,
      repoId: string,
      token?: string,
      filename = 'qu.xlsx',
      { url = '/api/qu/qu/import', fields = {} as Record<string, string> } = {},
    ) {
      const form = multipartForm({ name: filename, data }, { repoId, ...fields });
      return app().app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...form.headers, ...(token ? { token } : {}) },
      });
    },
    async download(url: string, body: object, token = app().admin) {
      const r = await app().app.inject({ method: 'POST', url, payload: body, headers: { token } });
      return { status: r.statusCode, data: r.rawPayload };
    },
    newBank: async (title: string) =>
      (await app().post('/api/repo/save', { title }, app().admin)).body.data.id as string,
  };
}

/** A real 1×1 PNG (the import sniffs pictures by their bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/安全规程</text></category></question>
  <question type="multichoice">
    <name><text>标志</text></name>
    <questiontext format="html"><text><![CDATA[<p>哪个是禁止标志？<img src="@@PLUGINFILE@@/sign.png"></p>]]></text>
      <file name="sign.png" path="/" encoding="base64">${PNG.toString('base64')}</file></questiontext>
    <generalfeedback format="html"><text>红圈斜杠。</text></generalfeedback>
    <single>true</single>
    <answer fraction="100"><text>圆形带斜杠</text></answer>
    <answer fraction="0"><text>三角形</text></answer>
  </question>
  <question type="truefalse">
    <name><text>判断</text></name>
    <questiontext format="html"><text>灭火器应定期检查。</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="multichoice">
    <name><text>坏题</text></name>
    <questiontext format="html"><text>没有正确答案的单选</text></questiontext>
    <single>true</single>
    <answer fraction="0"><text>甲</text></answer>
    <answer fraction="0"><text>乙</text></answer>
  </question>
  <question type="description">
    <name><text>说明</text></name>
    <questiontext format="html"><text>以下为第二部分。</text></questiontext>
  </question>
</quiz>`;

/** Text as Chinese Windows saves it: GB18030 (Node has no encoder; the few characters used are mapped by hand). */
export function gb18030(text: string): Buffer {
  const table: Record<string, number[]> = {
    下: [0xcf, 0xc2],
    列: [0xc1, 0xd0],
    哪: [0xc4, 0xc4],
    个: [0xb8, 0xf6],
    是: [0xca, 0xc7],
    水: [0xcb, 0xae],
    果: [0xb9, 0xfb],
    '？': [0xa3, 0xbf],
    苹: [0xc6, 0xbb],
    白: [0xb0, 0xd7],
    菜: [0xb2, 0xcb],
  };
  return Buffer.from([...text].flatMap((c) => table[c] ?? [c.charCodeAt(0)]));
}
