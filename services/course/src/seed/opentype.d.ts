// What the demo seed uses of opentype.js 0.7 (it ships no types).
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };
  export interface Glyph {
    index: number;
    advanceWidth: number;
    /** In font units, y up. */
    path: { commands: PathCommand[] };
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyph(ch: string): Glyph;
  }
  export function parse(data: ArrayBuffer): Font;
}
