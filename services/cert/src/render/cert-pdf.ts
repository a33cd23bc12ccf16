import { type CertElementType, type CertOrientation, type CertPageSize, certPageOf } from '@exam/contracts';
import type { GlyphSource } from '@exam/server-kit';
import {
  type PDFDocument as Doc,
  type PDFImage,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
} from 'pdf-lib';
import { qrOperators } from './qr';
import { type3Text } from './type3-text';

/** What a certificate's text elements show, already formatted. */
export type CertValues = Record<Exclude<CertElementType, 'qrcode' | 'seal' | 'text'>, string> & { verifyUrl: string };

export type PlacedElement = {
  type: string;
  x: number;
  y: number;
  width?: number;
  fontSize?: number;
  color?: string;
  align?: string;
  text?: string;
  key?: string;
};

export type CertLayout = {
  pageSize: CertPageSize;
  orientation: CertOrientation;
  /** Background picture bytes (PNG or JPEG), drawn over the whole page. */
  background?: Buffer | null;
  elements: PlacedElement[];
  /** Seal pictures by storage key. */
  images: Map<string, Buffer>;
};

export const DEFAULT_FONT_SIZE = 16;
/** Noto Sans CJK's ascent: a text element's `y` is the top of its line, its baseline this far below. */
const ASCENT = 0.88;

/** Width and height of a page in points. */
export const pageOf = certPageOf;

/** The text a text element shows: free text, or the value put into the element's `{}` pattern. */
export function textOf(el: PlacedElement, values: CertValues): string {
  if (el.type === 'text') return el.text ?? '';
  const value = values[el.type as keyof CertValues] ?? '';
  // No value (no score for a course or a manual award, no expiry): no label either, not a bare "成绩：".
  if (!value) return '';
  return el.text?.includes('{}') ? el.text.replaceAll('{}', value) : value;
}

const isPng = (b: Buffer) => b[0] === 0x89 && b[1] === 0x50;
const embedImage = (doc: Doc, b: Buffer): Promise<PDFImage> => (isPng(b) ? doc.embedPng(b) : doc.embedJpg(b));
const rgbOf = (hex = '#000000') => {
  const n = Number.parseInt(/^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : '000000', 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255] as const;
};

/**
 * A certificate's PDF (pdf-lib): one page, the background, then each element where the template placed it, text in
 * an embedded subset of a CJK font, the QR code as vector squares pointing at the verification page.
 */
export async function renderCertPdf(layout: CertLayout, values: CertValues, glyphs: GlyphSource): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${values.title} ${values.number}`.trim());
  doc.setCreator('exam-platform');
  const [W, H] = pageOf(layout.pageSize, layout.orientation);
  const page = doc.addPage([W, H]);
  if (layout.background) page.drawImage(await embedImage(doc, layout.background), { x: 0, y: 0, width: W, height: H });

  const texts = layout.elements
    .filter((e) => e.type !== 'qrcode' && e.type !== 'seal')
    .map((e) => ({ e, text: textOf(e, values) }));
  const font = type3Text(doc, texts.map((t) => t.text).join(''), glyphs);
  for (const el of layout.elements) {
    if (el.type === 'qrcode') page.pushOperators(...qrOperators(values.verifyUrl, el.x, H - el.y, el.width ?? 80));
    if (el.type === 'seal' && el.key && layout.images.has(el.key)) {
      const img = await embedImage(doc, layout.images.get(el.key)!);
      const w = el.width ?? 120;
      const h = (w * img.height) / img.width;
      page.drawImage(img, { x: el.x, y: H - el.y - h, width: w, height: h });
    }
  }
  for (const { e, text } of texts) {
    if (!text) continue;
    const size = e.fontSize ?? DEFAULT_FONT_SIZE;
    const w = font.width(text, size);
    const x = e.align === 'center' ? e.x - w / 2 : e.align === 'right' ? e.x - w : e.x;
    page.pushOperators(
      pushGraphicsState(),
      setFillingRgbColor(...rgbOf(e.color)),
      ...font.show(page, text, x, H - e.y - size * ASCENT, size),
      popGraphicsState(),
    );
  }
  return doc.save();
}
