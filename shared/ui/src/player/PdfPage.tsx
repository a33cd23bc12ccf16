import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { openPdf } from './usePdf';

export interface PdfPageProps {
  /** The PDF: its address, or its bytes (e.g. a preview the server drew). */
  src: string | Uint8Array;
  /** How wide to draw the first page, CSS pixels; the height follows the page. */
  width: number;
  /** Drawn over the page (absolutely placed children: markers, drag handles). */
  children?: ReactNode;
}

/**
 * The first page of a PDF drawn to a width, with children over it. A new `src` is drawn off screen and then swapped
 * in, so the page on show stays until its successor is ready (no blank flash while a preview is redrawn).
 */
export function PdfPage({ src, width, children }: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [height, setHeight] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    let done = false;
    const task = openPdf(src);
    (async () => {
      const page = await (await task.promise).getPage(1);
      const ratio = window.devicePixelRatio || 1;
      const scale = width / page.getViewport({ scale: 1 }).width;
      const viewport = page.getViewport({ scale: scale * ratio });
      const off = document.createElement('canvas');
      off.width = viewport.width;
      off.height = viewport.height;
      await page.render({ canvas: off, viewport }).promise;
      const el = canvas.current;
      if (done || !el) return;
      el.width = off.width;
      el.height = off.height;
      el.getContext('2d')?.drawImage(off, 0, 0);
      setHeight(viewport.height / ratio);
      setError('');
    })().catch(() => !done && setError('文档加载失败，请稍后重试！'));
    return () => {
      done = true;
      void task.destroy();
    };
  }, [src, width]);

  return (
    <div style={{ position: 'relative', width, height: height || undefined, minHeight: 40 }}>
      <canvas ref={canvas} style={{ display: 'block', width, height: height || 0 }} />
      {error && <Typography.Text type="error">{error}</Typography.Text>}
      {height > 0 && children}
    </div>
  );
}
