import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A glyph drawn in PDF path operators, in units of 1/1000 of the font size (the PDF text space). */
export type PdfGlyph = { width: number; path: string };
/** Where PDFs take the outlines of their characters from; null for a character the font lacks. */
export type GlyphSource = (ch: string) => PdfGlyph | null;

// What this file uses of opentype.js 0.7, which ships no types (loaded with require: no ambient module declared).
type OtCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };
type OtFont = {
  unitsPerEm: number;
  charToGlyph(ch: string): { index: number; advanceWidth: number; path: { commands: OtCommand[] } };
};
// Loaded on first use: only the services that draw Chinese text into PDFs carry the package (infra/images).
const opentype = () => createRequire(import.meta.url)('opentype.js') as { parse(data: ArrayBuffer): OtFont };

/**
 * Where a Simplified Chinese font is found: `CJK_FONT_PATH`, else Noto Sans CJK as Debian (fonts-noto-cjk, which
 * `npm start` and the test script install), Arch and Fedora lay it out.
 */
const CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
];
const WANTED_FACE = /CJKsc-Regular$|SC-Regular$/;
/** A burst of new characters (a batch of certificates) writes the cache file once, this long after the last. */
const FLUSH_MS = 500;

type Cache = {
  file: string;
  glyphs: Record<string, PdfGlyph | null>;
  parsed?: GlyphSource | null;
  timer?: NodeJS.Timeout;
};
/** One cache per font file and process: the font (20 MB) is parsed at most once, and only for a glyph not yet cached. */
const caches = new Map<string, Promise<Cache>>();

/**
 * The outlines of a Simplified Chinese font on this machine, for drawing PDF text that shows the same in every viewer
 * (the PDF carries the shapes it needs); null when there is none. Glyphs are kept in a cache file beside the system's
 * temporary files: every app a test run starts, and every later start, draws mostly the same characters, which
 * parsing the font took a second each time.
 */
export async function cjkGlyphs(
  paths = process.env.CJK_FONT_PATH ? [process.env.CJK_FONT_PATH] : CANDIDATES,
): Promise<GlyphSource | null> {
  for (const p of paths) {
    const st = await stat(p).catch(() => null);
    if (!st?.isFile()) continue;
    const file = path.join(
      tmpdir(),
      `exam-cjk-glyphs-${createHash('sha1').update(`${p}:${st.size}:${st.mtimeMs}`).digest('hex').slice(0, 16)}.json`,
    );
    if (!caches.has(file)) {
      caches.set(
        file,
        readFile(file, 'utf8')
          .then(
            (t) => JSON.parse(t) as Cache['glyphs'],
            () => ({}),
          )
          .then((glyphs) => ({ file, glyphs })),
      );
    }
    const cache = await caches.get(file)!;
    return (ch) => {
      if (ch in cache.glyphs) return cache.glyphs[ch];
      if (cache.parsed === undefined) {
        try {
          cache.parsed = glyphSource(readFileSync(p));
        } catch {
          cache.parsed = null; // not a font opentype.js reads
        }
      }
      cache.glyphs[ch] = cache.parsed ? cache.parsed(ch) : null;
      scheduleFlush(cache);
      return cache.glyphs[ch];
    };
  }
  return null;
}

function scheduleFlush(cache: Cache) {
  clearTimeout(cache.timer);
  cache.timer = setTimeout(() => {
    try {
      // Whole or not at all: test workers and replicas write side by side.
      const tmp = `${cache.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(cache.glyphs));
      renameSync(tmp, cache.file);
    } catch {
      // a cache only: the next process parses the font again
    }
  }, FLUSH_MS);
  cache.timer.unref();
}

function glyphSource(data: Buffer): GlyphSource {
  const font = opentype().parse(toArrayBuffer(faceOf(data)));
  const scale = 1000 / font.unitsPerEm;
  const n = (v: number) => String(Math.round(v * scale));
  return (ch) => {
    const g = font.charToGlyph(ch);
    if (!g || (g.index === 0 && ch.trim())) return null; // .notdef: the font lacks it
    const ops: string[] = [];
    let cx = 0;
    let cy = 0;
    for (const c of g.path.commands) {
      if (c.type === 'M' || c.type === 'L') ops.push(`${n(c.x)} ${n(c.y)} ${c.type === 'M' ? 'm' : 'l'}`);
      else if (c.type === 'C') ops.push(`${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)} c`);
      // PDF has cubic curves only: a quadratic one (TrueType outlines) is the cubic with controls 2/3 of the way.
      else if (c.type === 'Q')
        ops.push(
          `${n(cx + (2 / 3) * (c.x1 - cx))} ${n(cy + (2 / 3) * (c.y1 - cy))} ${n(c.x + (2 / 3) * (c.x1 - c.x))} ${n(c.y + (2 / 3) * (c.y1 - c.y))} ${n(c.x)} ${n(c.y)} c`,
        );
      else if (c.type === 'Z') ops.push('h');
      if (c.type !== 'Z') [cx, cy] = [c.x, c.y];
    }
    return { width: Math.round(g.advanceWidth * scale), path: ops.join('\n') };
  };
}

const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/**
 * One font of a collection (.ttc), rebuilt as a standalone font file (opentype.js reads no collections): the
 * Simplified Chinese face if there is one, else the first. A single font is returned as it is.
 */
function faceOf(data: Buffer): Buffer {
  if (data.toString('latin1', 0, 4) !== 'ttcf') return data;
  const offsets = Array.from({ length: data.readUInt32BE(8) }, (_, i) => data.readUInt32BE(12 + 4 * i));
  const at = offsets.find((o) => WANTED_FACE.test(postScriptName(data, o))) ?? offsets[0];
  const numTables = data.readUInt16BE(at + 4);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const r = at + 12 + 16 * i;
    return { r, offset: data.readUInt32BE(r + 8), length: data.readUInt32BE(r + 12) };
  });
  const pad4 = (n: number) => (n + 3) & ~3;
  let size = 12 + 16 * numTables;
  const placed = tables.map((t) => {
    const to = pad4(size);
    size = to + t.length;
    return to;
  });
  const out = Buffer.alloc(pad4(size));
  data.copy(out, 0, at, at + 12 + 16 * numTables);
  tables.forEach((t, i) => {
    out.writeUInt32BE(placed[i], 12 + 16 * i + 8);
    data.copy(out, placed[i], t.offset, t.offset + t.length);
  });
  return out;
}

/** The PostScript name (name id 6) of the font whose table directory starts at `at`; '' when there is none. */
function postScriptName(data: Buffer, at: number): string {
  const numTables = data.readUInt16BE(at + 4);
  for (let i = 0; i < numTables; i++) {
    const r = at + 12 + 16 * i;
    if (data.toString('latin1', r, r + 4) !== 'name') continue;
    const name = data.readUInt32BE(r + 8);
    const count = data.readUInt16BE(name + 2);
    const strings = name + data.readUInt16BE(name + 4);
    for (let k = 0; k < count; k++) {
      const rec = name + 6 + 12 * k;
      if (data.readUInt16BE(rec + 6) !== 6) continue;
      const platform = data.readUInt16BE(rec);
      const bytes = data.subarray(
        strings + data.readUInt16BE(rec + 10),
        strings + data.readUInt16BE(rec + 10) + data.readUInt16BE(rec + 8),
      );
      // Windows names are UTF-16BE, Macintosh ones single-byte; a PostScript name is ASCII either way.
      return platform === 3 ? Buffer.from(bytes).swap16().toString('utf16le') : bytes.toString('latin1');
    }
  }
  return '';
}
