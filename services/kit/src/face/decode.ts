import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type Rgb = { data: Uint8Array; width: number; height: number };

/** Larger images are shrunk to this longest side before detection (a face needs far fewer pixels). */
const MAX_SIDE = 1280;
/** Refuses decompression bombs before any pixel is allocated. */
const MAX_MEGAPIXELS = 40;

/** JPEG or PNG bytes → RGB pixels, shrunk to at most MAX_SIDE; null when the bytes are not such an image. */
export function decodeImage(buf: Buffer): Rgb | null {
  try {
    if (buf[0] === 0xff && buf[1] === 0xd8) {
      const img = jpeg.decode(buf, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: 512,
      });
      return shrink(img.data, img.width, img.height);
    }
    if (buf.subarray(1, 4).toString('latin1') === 'PNG') {
      const head = buf.readUInt32BE(16) * buf.readUInt32BE(20);
      if (head > MAX_MEGAPIXELS * 1e6) return null;
      const img = PNG.sync.read(buf);
      return shrink(img.data, img.width, img.height);
    }
  } catch {
    return null;
  }
  return null;
}

/** RGBA → RGB, averaging `step`×`step` blocks when the image is larger than MAX_SIDE. */
function shrink(rgba: Uint8Array, width: number, height: number): Rgb | null {
  if (!width || !height) return null;
  const step = Math.max(1, Math.ceil(Math.max(width, height) / MAX_SIDE));
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  const out = new Uint8Array(w * h * 3);
  const n = step * step;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < step; dy++) {
        let i = ((y * step + dy) * width + x * step) * 4;
        for (let dx = 0; dx < step; dx++, i += 4) {
          r += rgba[i]!;
          g += rgba[i + 1]!;
          b += rgba[i + 2]!;
        }
      }
      const o = (y * w + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return { data: out, width: w, height: h };
}
