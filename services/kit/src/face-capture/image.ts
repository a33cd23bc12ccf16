import { badRequest } from '../errors';

/** A camera frame is a few tens of KB; anything under this is not a picture of a person. */
const MIN_BYTES = 1024;
/** 640×480 JPEG at quality 0.8 is ~60 KB; the calls allow ~300 KB of image. */
const MAX_BYTES = 300 * 1024;

export type FrameImage = { buf: Buffer; ext: 'jpg' | 'png'; contentType: string };

/** Frames smaller or larger than this (either side, pixels) are not camera frames. */
const MIN_SIDE = 64;
const MAX_SIDE = 4096;

/** Width and height from a JPEG's frame header (SOFn) or a PNG's IHDR, without decoding; null when absent. */
export function frameSize(buf: Buffer, ext: 'jpg' | 'png'): { width: number; height: number } | null {
  if (ext === 'png')
    return buf.length >= 24 && buf.toString('ascii', 12, 16) === 'IHDR'
      ? { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
      : null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = buf.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    if (marker === 0xda || len < 2) return null;
    i += 2 + len;
  }
  return null;
}

/** JPEG or PNG by their leading bytes (what a canvas gives); anything else is not a camera frame. */
function imageType(buf: Buffer): FrameImage['ext'] | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  return buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? 'png'
    : null;
}

const TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * A camera frame sent as a data URL or bare base64 (exam and study captures, entry checks). Not an
 * image at all is the client's mistake (400), unlike a picture without the right face, which the
 * comparison job counts as a failure.
 */
export function frameImage(base64: string): FrameImage {
  const raw = base64.replace(/^data:image\/[a-z]+;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(raw)) throw badRequest('参数错误：base64 不是有效的图片数据');
  const buf = Buffer.from(raw, 'base64');
  const ext = imageType(buf);
  const size = ext && buf.length >= MIN_BYTES ? frameSize(buf, ext) : null;
  if (!ext || !size || Math.min(size.width, size.height) < MIN_SIDE || Math.max(size.width, size.height) > MAX_SIDE) {
    throw badRequest('参数错误：base64 不是有效的图片数据');
  }
  if (buf.length > MAX_BYTES) throw badRequest('图片过大，请重新拍摄！');
  return { buf, ext, contentType: TYPES[ext] };
}

/** A data URL of stored bytes (the proctor grid's latest capture). */
export const dataUrlOf = (img: FrameImage) => `data:${img.contentType};base64,${img.buf.toString('base64')}`;
