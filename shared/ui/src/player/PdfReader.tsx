import { useEffect, useRef, useState } from 'react';
import { Button, Space, Spin, Typography } from '@arco-design/web-react';
import { IconLeft, IconRight, IconZoomIn, IconZoomOut } from '@arco-design/web-react/icon';
import { usePdfDocument, usePdfPage } from './usePdf';

export interface PdfReaderProps {
  url: string;
  /** The page to open at (1-based), e.g. the last one read. */
  startPage?: number;
  /**
   * The page on screen: when it changes ('change'), every `reportSec` while the tab is visible ('tick'),
   * and on close. The server measures how long each page stayed (its minimum dwell), not this side.
   */
  onPage?: (page: number, total: number, reason: 'change' | 'tick' | 'close') => void;
  reportSec?: number;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The PDF reader (admin spec widgets): one page at a time, paging and zoom; reports what was read. */
export function PdfReader({ url, startPage = 1, onPage, reportSec = 10 }: PdfReaderProps) {
  const { doc, error } = usePdfDocument(url);
  const [page, setPage] = useState(startPage);
  const [zoom, setZoom] = useState(2); // index into ZOOMS: 100 %
  const canvas = useRef<HTMLCanvasElement>(null);
  usePdfPage(doc, page, ZOOMS[zoom], canvas);
  const total = doc?.numPages ?? 0;
  const report = useRef(onPage);
  report.current = onPage;

  useEffect(() => setPage(Math.max(1, startPage)), [url, startPage]);
  useEffect(() => {
    if (!doc) return undefined;
    const shown = Math.min(page, doc.numPages);
    report.current?.(shown, doc.numPages, 'change');
    const timer = setInterval(
      () => !document.hidden && report.current?.(shown, doc.numPages, 'tick'),
      reportSec * 1000,
    );
    return () => clearInterval(timer);
  }, [doc, page, reportSec]);
  // The last page shown is reported once more on close, so its time on screen can count.
  const last = useRef({ page, total });
  last.current = { page, total };
  useEffect(
    () => () => {
      if (last.current.total) report.current?.(last.current.page, last.current.total, 'close');
    },
    [doc],
  );

  if (error) return <Typography.Text type="error">{error}</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button icon={<IconLeft />} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="上一页" />
        <Typography.Text>{total ? `${page} / ${total}` : '-'}</Typography.Text>
        <Button icon={<IconRight />} disabled={page >= total} onClick={() => setPage(page + 1)} aria-label="下一页" />
        <Button icon={<IconZoomOut />} disabled={zoom <= 0} onClick={() => setZoom(zoom - 1)} aria-label="缩小" />
        <Typography.Text>{ZOOMS[zoom] * 100}%</Typography.Text>
        <Button
          icon={<IconZoomIn />}
          disabled={zoom >= ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
          aria-label="放大"
        />
      </Space>
      <div style={{ overflow: 'auto', maxHeight: '75vh', textAlign: 'center', background: '#f2f3f5' }}>
        {doc ? <canvas ref={canvas} style={{ maxWidth: 'none' }} /> : <Spin style={{ margin: 48 }} />}
      </div>
    </div>
  );
}
