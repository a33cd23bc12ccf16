import { cjkGlyphs, type GlyphSource } from '@exam/server-kit';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { pdfQrCodes, pdfText } from '../testing/pdf-tools';
import { type CertValues, pageOf, renderCertPdf, textOf } from './cert-pdf';

let glyphs: GlyphSource;
beforeAll(async () => {
  glyphs = (await cjkGlyphs())!;
});

const values: CertValues = {
  realName: '欧阳小明',
  number: 'NO-0001',
  title: '结业证书',
  sourceTitle: '消防安全课程',
  score: '',
  grantDate: '2026年11月27日',
  expireDate: '长期有效',
  department: '',
  verifyUrl: 'https://exam.example.test/pages/cert/verify/0123456789ABCDEFGHJKMNPQRS',
};

describe('certificate PDF rendering', () => {
  it('text elements fill their {} pattern; empty values draw nothing', () => {
    expect(textOf({ type: 'realName', x: 0, y: 0, text: '兹证明 {} 同志' }, values)).toBe('兹证明 欧阳小明 同志');
    expect(textOf({ type: 'number', x: 0, y: 0 }, values)).toBe('NO-0001');
    expect(textOf({ type: 'text', x: 0, y: 0, text: '特此证明' }, values)).toBe('特此证明');
    expect(textOf({ type: 'score', x: 0, y: 0, text: '成绩 {} 分' }, values)).toBe(''); // no label without its value
    expect(pageOf('A5', 'portrait')).toEqual([419.53, 595.28]);
    expect(pageOf('A4', 'landscape')).toEqual([841.89, 595.28]);
  });

  it('more than 255 distinct characters take several embedded fonts and all read back', async () => {
    const many = Array.from({ length: 320 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');
    const lines = [0, 1, 2, 3].map((i) => many.slice(i * 80, i * 80 + 80));
    const pdf = Buffer.from(
      await renderCertPdf(
        {
          pageSize: 'A4',
          orientation: 'portrait',
          images: new Map(),
          elements: [
            ...lines.map((text, i) => ({ type: 'text', x: 20, y: 40 + i * 30, fontSize: 6, text })),
            { type: 'realName', x: 297, y: 300, fontSize: 20, align: 'center' },
            { type: 'qrcode', x: 240, y: 400, width: 120 },
          ],
        },
        values,
        glyphs,
      ),
    );
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain(many);
    expect(text).toContain('欧阳小明');
    expect(await pdfQrCodes(pdf)).toEqual([values.verifyUrl]);
  });
});
