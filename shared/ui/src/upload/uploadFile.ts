import { upload } from '@exam/api';
import { UPLOAD_URL, type UploadRes } from '@exam/contracts';

/** Sends one file to the common upload call; the server answers where it can be read. */
export const uploadFile = (file: File, extra: Record<string, string> = {}) =>
  upload<UploadRes>(UPLOAD_URL, file, extra);

/** Spec admin §9: images above the size are compressed to about 500 KB and width 800. */
export const COMPRESS_TARGET_KB = 500;
export const COMPRESS_WIDTH = 800;

/**
 * Shrinks an image larger than `overKb` before upload; GIFs are left alone (compression would drop the
 * animation), and a failure keeps the original rather than losing the user's file.
 */
export async function compressImage(file: File, overKb = COMPRESS_TARGET_KB): Promise<File> {
  if (file.size <= overKb * 1024 || file.type === 'image/gif') return file;
  try {
    // Loaded when an image is first compressed: pages that can upload (the exam screen's answers) need not load it.
    const { default: imageCompression } = await import('browser-image-compression');
    const out = await imageCompression(file, {
      maxSizeMB: COMPRESS_TARGET_KB / 1024,
      maxWidthOrHeight: COMPRESS_WIDTH,
      useWebWorker: false,
    });
    return new File([out], file.name, { type: out.type || file.type });
  } catch {
    return file;
  }
}

/** `a/b/c.PNG` → `png`. */
export const extOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();
