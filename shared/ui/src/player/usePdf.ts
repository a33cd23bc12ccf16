import { useEffect, useState, type RefObject } from 'react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import { getToken } from '@exam/api';

// The worker ships with pdfjs-dist; the bundler emits it as an asset next to this chunk.
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/**
 * Starts loading a PDF from its address (with the session token: files may be protected) or from its bytes (a copy:
 * pdf.js hands the bytes it is given to its worker, leaving them unusable for a second load).
 */
export const openPdf = (src: string | Uint8Array) =>
  getDocument(typeof src === 'string' ? { url: src, httpHeaders: { token: getToken() } } : { data: src.slice() });

/** Loads the document at `url`; null until ready. */
export function usePdfDocument(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setDoc(null);
    setError('');
    const task = openPdf(url);
    task.promise.then(setDoc, () => setError('文档加载失败，请稍后重试！'));
    return () => void task.destroy();
  }, [url]);
  return { doc, error };
}

/** Draws page `page` of `doc` at `scale` into the canvas, sharp on high-density screens. */
export function usePdfPage(
  doc: PDFDocumentProxy | null,
  page: number,
  scale: number,
  canvas: RefObject<HTMLCanvasElement | null>,
) {
  useEffect(() => {
    const el = canvas.current;
    if (!doc || !el) return undefined;
    let cancelled = false;
    let cancel = () => {};
    doc.getPage(page).then((p) => {
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      el.width = viewport.width;
      el.height = viewport.height;
      el.style.width = `${viewport.width / ratio}px`;
      const task = p.render({ canvas: el, viewport });
      cancel = () => task.cancel();
      // A newer render cancels this one; that rejection is expected.
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [doc, page, scale, canvas]);
}
