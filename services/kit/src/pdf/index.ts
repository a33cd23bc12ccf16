// What PDF rendering needs from the kit (course demo PDFs, certificates): CJK glyph outlines and image sizes.
export { cjkGlyphs, type GlyphSource, type PdfGlyph } from './cjk-glyphs';
export { frameSize as imageSize } from '../face-capture/image';
