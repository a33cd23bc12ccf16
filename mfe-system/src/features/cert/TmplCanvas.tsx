import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Alert, Spin } from '@arco-design/web-react';
import type { CertElement, CertElementType, CertTmplSaveReq } from '@exam/contracts';
import { PdfPage } from '@exam/ui';
import { boxOf, ELEMENT_TITLES } from './elements';
import { usePreviewPdf } from './usePreviewPdf';

const MAT = 8;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface BoxProps {
  el: CertElement;
  index: number;
  scale: number;
  selected: boolean;
  onSelect: () => void;
  /** The element's new anchor, points. */
  onMove: (x: number, y: number) => void;
}

/** One element's frame over the preview: dragged with a mouse or a finger, or moved by the arrow keys (Shift: 10 pt). */
function DragBox({ el, index, scale, selected, onSelect, onMove }: BoxProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [shift, setShift] = useState<[number, number]>([0, 0]);
  const b = boxOf(el);
  const end = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    setShift([0, 0]);
    const [dx, dy] = from ? [e.clientX - from.x, e.clientY - from.y] : [0, 0];
    if (dx || dy) onMove(el.x + dx / scale, el.y + dy / scale);
  };
  const key = (e: KeyboardEvent) => {
    const step = ARROWS[e.key];
    if (!step) return;
    e.preventDefault();
    const by = e.shiftKey ? 10 : 1;
    onMove(el.x + step[0] * by, el.y + step[1] * by);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={`${ELEMENT_TITLES[el.type as CertElementType] ?? el.type}（拖动或用方向键移动）`}
      aria-pressed={selected}
      data-testid={`cert-element-${index}`}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, y: e.clientY };
        onSelect();
      }}
      onPointerMove={(e) => start.current && setShift([e.clientX - start.current.x, e.clientY - start.current.y])}
      onPointerUp={end}
      onPointerCancel={() => {
        start.current = null;
        setShift([0, 0]);
      }}
      onKeyDown={key}
      style={{
        position: 'absolute',
        left: b.left * scale - 2,
        top: b.top * scale - 2,
        width: Math.max(b.width * scale, 12) + 4,
        height: Math.max(b.height * scale, 12) + 4,
        transform: `translate(${shift[0]}px, ${shift[1]}px)`,
        border: `1px dashed ${selected ? 'rgb(var(--primary-6))' : 'var(--color-neutral-6)'}`,
        background: selected ? 'rgba(var(--primary-6), 0.08)' : 'transparent',
        cursor: 'move',
        touchAction: 'none',
        boxSizing: 'border-box',
      }}
    />
  );
}

/** The width of an element, followed as the window changes. */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface TmplCanvasProps {
  body: CertTmplSaveReq;
  /** Page width and height, points. */
  page: [number, number];
  selected?: number;
  onSelect: (index: number) => void;
  onMove: (index: number, x: number, y: number) => void;
}

/** The live preview: the server's PDF of the unsaved template, its elements as frames to drag over it. */
export function TmplCanvas({ body, page, selected, onSelect, onMove }: TmplCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const { pdf, error, loading } = usePreviewPdf(body);
  // The page sits on a grey mat, so a white certificate shows its edges.
  const pageWidth = width - 2 * MAT;
  const scale = pageWidth / page[0];
  return (
    <div ref={frame} style={{ width: '100%' }}>
      {error && <Alert type="warning" content={error} style={{ marginBottom: 8 }} />}
      <div style={{ position: 'relative', background: 'var(--color-fill-3)', padding: MAT, minHeight: 120 }}>
        {pdf && pageWidth > 0 ? (
          <PdfPage src={pdf} width={pageWidth}>
            {body.elements.map((el, i) => (
              <DragBox
                key={i}
                el={el}
                index={i}
                scale={scale}
                selected={i === selected}
                onSelect={() => onSelect(i)}
                onMove={(x, y) => onMove(i, x, y)}
              />
            ))}
          </PdfPage>
        ) : (
          !error && <Spin style={{ display: 'block', padding: 48, textAlign: 'center' }} />
        )}
        {loading && pdf && <Spin size={16} style={{ position: 'absolute', top: 8, right: 8 }} />}
      </div>
    </div>
  );
}
