import { deflateSync } from 'node:zlib';
import type { GlyphSource } from '@exam/server-kit';

const A4 = [595, 842];
const MARGIN = 60;
const HEADING = 22;
const BODY = 15;

/**
 * A small valid PDF, one page per entry, built by hand: the demo course and the tests need a real PDF
 * without shipping a binary. A page's lines are split at `\n`; the first is its heading. With `glyphs`
 * (a Chinese font's outlines, the kit's cjkGlyphs) every character is drawn from its outline in a Type 3 font the
 * PDF carries, so it reads the same in any viewer, pdf.js included, whatever fonts the reader's device
 * has. Without, ASCII text uses Helvetica (every viewer has it), and other text names a Chinese font
 * without embedding it, for the viewer to draw with a font of its own device.
 */
export function samplePdf(pages: string[], glyphs?: GlyphSource | null): Buffer {
  const doc = new PdfObjects();
  const catalog = doc.reserve();
  const tree = doc.reserve();
  const font = fontFor(doc, pages.join(''), glyphs ?? null);
  const kids = pages.map((page) => {
    const content = doc.add(stream(pageText(page, font.show)));
    return doc.add(
      `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${A4.join(' ')}] /Contents ${content} 0 R /Resources << /Font << /F1 ${font.ref} 0 R >> >> >>`,
    );
  });
  doc.set(catalog, `<< /Type /Catalog /Pages ${tree} 0 R >>`);
  doc.set(tree, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  return doc.toBuffer(catalog);
}

/** The text operators of one page: the heading, then the body lines below it. */
function pageText(page: string, show: (s: string) => string): string {
  const [heading, ...body] = page.split('\n');
  const out = [`BT /F1 ${HEADING} Tf ${MARGIN} ${A4[1] - 90} Td ${show(heading)} Tj /F1 ${BODY} Tf`];
  body.forEach((l, i) => out.push(`0 -${i ? BODY * 2 : HEADING * 2} Td ${show(l)} Tj`));
  return `${out.join('\n')}\nET`;
}

type PdfFont = { ref: number; show: (s: string) => string };

function fontFor(doc: PdfObjects, text: string, glyphs: GlyphSource | null): PdfFont {
  const chars = [...new Set(text.replace(/\n/g, ''))];
  if (glyphs) return type3Font(doc, chars, glyphs);
  if (chars.every((c) => c >= ' ' && c <= '~')) {
    const esc = (s: string) => s.replace(/[\\()]/g, '\\$&');
    return { ref: doc.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'), show: (s) => `(${esc(s)})` };
  }
  // Two-byte codes that are the characters' UTF-16 units; the ToUnicode map lets a viewer draw them with a
  // Chinese font of its own (pdf.js does, where a predefined CMap such as UniGB-UCS2-H would need cMapUrl).
  const descriptor = doc.add(
    '<< /Type /FontDescriptor /FontName /SimSun /Flags 6 /FontBBox [0 -143 1000 857] /ItalicAngle 0 /Ascent 857 /Descent -143 /CapHeight 700 /StemV 80 >>',
  );
  const cid = doc.add(
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 1000 >>`,
  );
  const utf16 = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex');
  const toUnicode = doc.add(
    toUnicodeCMap(
      2,
      chars.map((ch) => [utf16(ch), utf16(ch)]),
    ),
  );
  return {
    ref: doc.add(
      `<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    ),
    show: (s) => `<${utf16(s)}>`,
  };
}

/** A Type 3 font of the characters used, each drawn from its outline; one-byte codes 1…n in order of use. */
function type3Font(doc: PdfObjects, chars: string[], glyphs: GlyphSource): PdfFont {
  if (chars.length > 255) throw new Error('samplePdf: more than 255 distinct characters');
  const drawn = chars.map((ch) => glyphs(ch) ?? glyphs('?') ?? { width: 500, path: '' });
  // d0: the glyph takes the text's colour; f fills with the non-zero rule, as font outlines are drawn.
  const procs = drawn.map((g) => doc.add(stream(`${g.width} 0 d0\n${g.path}${g.path ? '\nf' : ''}`)));
  const code = new Map(chars.map((ch, i) => [ch, i + 1]));
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  // ToUnicode: copying or searching the text gives the characters back.
  const toUnicode = doc.add(
    toUnicodeCMap(
      1,
      chars.map((ch, i) => [hex(i + 1), Buffer.from(ch, 'utf16le').swap16().toString('hex')]),
    ),
  );
  const ref = doc.add(`<< /Type /Font /Subtype /Type3 /FontBBox [0 -200 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0]
/CharProcs << ${procs.map((p, i) => `/g${i + 1} ${p} 0 R`).join(' ')} >>
/Encoding << /Type /Encoding /Differences [1 ${chars.map((_, i) => `/g${i + 1}`).join(' ')}] >>
/FirstChar 1 /LastChar ${chars.length} /Widths [${drawn.map((g) => g.width).join(' ')}] /Resources << >> /ToUnicode ${toUnicode} 0 R >>`);
  return { ref, show: (s) => `<${[...s].map((ch) => hex(code.get(ch)!)).join('')}>` };
}

/** A ToUnicode CMap stream: each code (hex, `bytes` long) to its UTF-16BE text (hex). */
function toUnicodeCMap(bytes: number, pairs: [string, string][]): Buffer {
  const blocks = Array.from({ length: Math.ceil(pairs.length / 100) }, (_, b) => pairs.slice(b * 100, b * 100 + 100));
  return stream(
    [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
      `1 begincodespacerange <${'00'.repeat(bytes)}> <${'FF'.repeat(bytes)}> endcodespacerange`,
      ...blocks.map((b) => `${b.length} beginbfchar\n${b.map(([c, u]) => `<${c}> <${u}>`).join('\n')}\nendbfchar`),
      'endcmap CMapName currentdict /CMapResource defineresource pop end end',
    ].join('\n'),
  );
}

/** A compressed stream object. */
function stream(text: string): Buffer {
  const z = deflateSync(Buffer.from(text, 'latin1'));
  return Buffer.concat([
    Buffer.from(`<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    z,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** The numbered objects of a PDF, written with their cross-reference table. */
class PdfObjects {
  private objs: Buffer[] = [];
  reserve(): number {
    return this.objs.push(Buffer.alloc(0));
  }
  set(n: number, body: string | Buffer) {
    this.objs[n - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  }
  add(body: string | Buffer): number {
    const n = this.reserve();
    this.set(n, body);
    return n;
  }
  toBuffer(root: number): Buffer {
    const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let at = parts[0].length;
    const offsets = this.objs.map((o, i) => {
      const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), o, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(chunk);
      const start = at;
      at += chunk.length;
      return start;
    });
    const size = this.objs.length + 1;
    parts.push(
      Buffer.from(
        `xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
          `trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${at}\n%%EOF\n`,
        'latin1',
      ),
    );
    return Buffer.concat(parts);
  }
}
