import type { GlyphSource, PdfGlyph } from '@exam/server-kit';
import {
  beginText,
  endText,
  moveText,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  setFontAndSize,
  showText,
} from 'pdf-lib';

/** One-byte codes 1…255 per font: more distinct characters than that take a second font. */
const PER_FONT = 255;
const MISSING: PdfGlyph = { width: 500, path: '' };

export type Type3Text = {
  /** Width of `text` at `size`, in points. */
  width(text: string, size: number): number;
  /** Text-showing operators drawing `text` with its baseline starting at (x, y). */
  show(page: PDFPage, text: string, x: number, y: number, size: number): PDFOperator[];
};

/**
 * Type 3 fonts holding the outlines of exactly the characters a document draws (its embedded subset), with a
 * ToUnicode map so the text can be searched and copied (pdftotext reads it). Outlines come from the kit's CJK glyph
 * source: pdf-lib embeds TrueType and CFF fonts through fontkit, whose subsets of Noto CJK (CID-keyed CFF) viewers
 * reject.
 */
export function type3Text(doc: PDFDocument, allText: string, glyphs: GlyphSource): Type3Text {
  const chars = [...new Set([...allText].filter((c) => c >= ' '))];
  const drawn = new Map(chars.map((c) => [c, glyphs(c) ?? glyphs('?') ?? MISSING]));
  const fonts: { ref: PDFRef; codes: Map<string, number> }[] = [];
  for (let i = 0; i < chars.length; i += PER_FONT) fonts.push(embedFont(doc, chars.slice(i, i + PER_FONT), drawn));
  const fontOf = new Map<string, number>(chars.map((c, i) => [c, Math.floor(i / PER_FONT)]));
  const names = new WeakMap<PDFPage, PDFName[]>();

  const nameOn = (page: PDFPage, i: number) => {
    let list = names.get(page);
    if (!list) names.set(page, (list = fonts.map((f, k) => page.node.newFontDictionary(`CJK${k}`, f.ref))));
    return list[i]!;
  };

  return {
    width: (text, size) => [...text].reduce((w, c) => w + (drawn.get(c)?.width ?? 0), 0) * (size / 1000),
    show(page, text, x, y, size) {
      const ops: PDFOperator[] = [beginText(), moveText(x, y)];
      // Runs of characters in the same font, each one Tj (the text position moves on by itself).
      let run = '';
      let runFont = -1;
      const flush = () => {
        if (!run) return;
        const codes = fonts[runFont]!.codes;
        ops.push(
          setFontAndSize(nameOn(page, runFont), size),
          showText(PDFHexString.of([...run].map((c) => codes.get(c)!.toString(16).padStart(2, '0')).join(''))),
        );
        run = '';
      };
      for (const c of text) {
        const f = fontOf.get(c);
        if (f === undefined) continue; // a control character
        if (f !== runFont) flush();
        runFont = f;
        run += c;
      }
      flush();
      ops.push(endText());
      return ops;
    },
  };
}

function embedFont(
  doc: PDFDocument,
  chars: string[],
  drawn: Map<string, PdfGlyph>,
): { ref: PDFRef; codes: Map<string, number> } {
  const ctx = doc.context;
  const procs: Record<string, PDFRef> = {};
  chars.forEach((c, i) => {
    const g = drawn.get(c)!;
    // d0: the glyph takes the text's colour; f fills with the non-zero rule, as font outlines are drawn.
    procs[`g${i + 1}`] = ctx.register(ctx.flateStream(`${g.width} 0 d0\n${g.path}${g.path ? '\nf' : ''}`));
  });
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const utf16 = (c: string) => Buffer.from(c, 'utf16le').swap16().toString('hex');
  const toUnicode = ctx.register(
    ctx.flateStream(
      [
        '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
        '1 begincodespacerange <00> <FF> endcodespacerange',
        ...chunks(chars, 100).map(
          (part, b) =>
            `${part.length} beginbfchar\n${part.map((c, i) => `<${hex(b * 100 + i + 1)}> <${utf16(c)}>`).join('\n')}\nendbfchar`,
        ),
        'endcmap CMapName currentdict /CMapResource defineresource pop end end',
      ].join('\n'),
    ),
  );
  const font = ctx.obj({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, -200, 1000, 1000],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: procs,
    Encoding: { Type: 'Encoding', Differences: [1, ...chars.map((_, i) => PDFName.of(`g${i + 1}`))] },
    FirstChar: 1,
    LastChar: chars.length,
    Widths: chars.map((c) => drawn.get(c)!.width),
    Resources: {},
    ToUnicode: toUnicode,
  });
  return { ref: ctx.register(font), codes: new Map(chars.map((c, i) => [c, i + 1])) };
}

const chunks = <T>(list: T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));
