import { fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor, type PDFOperator } from 'pdf-lib';
import QRCode from 'qrcode';

/** Modules of white border every reader needs around the symbol (ISO/IEC 18004). */
const QUIET = 4;

/**
 * A QR code of `text` as vector squares, `size` points wide including its quiet zone, top left at (x, top) in PDF
 * coordinates (y grows upwards). Dark modules of a row are merged into runs, one rectangle each.
 */
export function qrOperators(text: string, x: number, top: number, size: number): PDFOperator[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const m = size / (n + 2 * QUIET);
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    setFillingRgbColor(1, 1, 1),
    rectangle(x, top - size, size, size),
    fill(),
    setFillingRgbColor(0, 0, 0),
  ];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      ops.push(rectangle(x + (QUIET + start) * m, top - (QUIET + r + 1) * m, (c - start) * m, m));
    }
  }
  ops.push(fill(), popGraphicsState());
  return ops;
}
