import { badRequest } from '@exam/server-kit';

/** Pages of a PDF, read with pdf.js (the same library the reader uses); unreadable → 400. */
export async function pdfPageCount(data: Buffer): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
    const n = doc.numPages;
    await doc.destroy();
    return n;
  } catch {
    throw badRequest('PDF文件无法读取，请检查文件是否损坏！');
  }
}
