import { useEffect, useRef, useState } from 'react';
import { Button, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft, IconRight, IconZoomIn, IconZoomOut } from '@arco-design/web-react/icon';
import { usePdfDocument, usePdfPage } from './usePdf';
import { createPageDwell, MIN_PAGE_DWELL_MS } from './pageDwell';

export interface PdfReaderProps {
  url: string;
  /** The page to open at (1-based), e.g. the last one read. */
  startPage?: number;
  /** Pages that stayed on screen at least the minimum dwell, with the page count; every `reportSec` and on close. */
  onPagesRead?: (pages: { page: number; dwellMs: number }[], total: number) => void;
  reportSec?: number;
  minDwellMs?: number;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The PDF reader (admin spec widgets): one page at a time, paging and zoom; reports what was read. */
export function PdfReader({ url, startPage = 1, onPagesRead, reportSec = 10, minDwellMs = MIN_PAGE_DWELL_MS }: PdfReaderProps) {
  const { doc, error } = usePdfDocument(url);
  const [page, setPage] = useState(startPage);
  const [zoom, setZoom] = useState(2); // index into ZOOMS: 100 %
  const canvas = useRef<HTMLCanvasElement>(null);
  usePdfPage(doc, page, ZOOMS[zoom], canvas);
  const total = doc?.numPages ?? 0;
  const report = useRef(onPagesRead);
  report.current = onPagesRead;
  const [dwell] = useState(() => createPageDwell(minDwellMs));

  useEffect(() => setPage(startPage), [url, startPage]);
  useEffect(() => {
    if (!doc) return undefined;
    const flush = () => {
      const read = dwell.take();
      if (read.length) report.current?.(read, doc.numPages);
    };
    const timer = setInterval(flush, reportSec * 1000);
    return () => {
      clearInterval(timer);
      dwell.hide(Date.now());
      flush();
    };
  }, [doc, dwell, reportSec]);
  useEffect(() => {
    if (!doc) return undefined;
    // A page counts only while it can be seen: a hidden tab stops its clock.
    const onVisibility = () => (document.hidden ? dwell.hide(Date.now()) : dwell.show(page, Date.now()));
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [doc, page, dwell]);

  if (error) return <Typography.Text type="error">{error}</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button icon={<IconLeft />} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="上一页" />
        <Typography.Text>{total ? `${page} / ${total}` : '-'}</Typography.Text>
        <Button icon={<IconRight />} disabled={page >= total} onClick={() => setPage(page + 1)} aria-label="下一页" />
        <Button icon={<IconZoomOut />} disabled={zoom <= 0} onClick={() => setZoom(zoom - 1)} aria-label="缩小" />
        <Typography.Text>{ZOOMS[zoom] * 100}%</Typography.Text>
        <Button icon={<IconZoomIn />} disabled={zoom >= ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} aria-label="放大" />
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '75vh', textAlign: 'center', background: '#f2f3f5' }}>
        {doc ? <canvas ref={canvas} style={{ maxWidth: 'none' }} /> : <Spin style={{ margin: 48 }} />}
      </div>
    </div>
  );
}
