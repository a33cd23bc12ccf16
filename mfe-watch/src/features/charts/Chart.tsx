import { useEffect, useRef } from 'react';
import { Column, Line } from '@antv/g2plot';
import { CHART_HEIGHT as HEIGHT, type Point } from './series';

const RESIZE_DEBOUNCE_MS = 100;

/** Whole counts: with small values tick every 1 (never 0.5); larger ones let the scale pick nice steps. */
export const yMeta = (data: Point[]) => {
  const max = Math.max(0, ...data.map((d) => d.value));
  return { value: max <= 5 ? { min: 0, max: Math.max(1, max), tickInterval: 1 } : { min: 0, minTickInterval: 1 } };
};

/**
 * The dashboard's one chart (g2plot): a line or grouped column chart of day points per series.
 * Counts are whole numbers, so the y axis never ticks below 1; resizing is debounced 100 ms.
 */
export function Chart({ type, data }: { type: 'line' | 'column'; data: Point[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<Line | Column | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const common = {
      data: [] as Point[],
      xField: 'dateStr',
      yField: 'value',
      seriesField: 'name',
      autoFit: false,
      width: el.clientWidth || 300,
      height: HEIGHT,
      meta: yMeta([]),
      legend: { position: 'top' as const },
      animation: { appear: { duration: 1500 } },
    };
    const p = type === 'line' ? new Line(el, { ...common, point: {} }) : new Column(el, { ...common, isGroup: true });
    p.render();
    plot.current = p;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ro = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => el.clientWidth && p.changeSize(el.clientWidth, HEIGHT), RESIZE_DEBOUNCE_MS);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
      p.destroy();
      plot.current = null;
    };
  }, [type]);

  useEffect(() => {
    plot.current?.update({ data, meta: yMeta(data) });
  }, [data]);
  return <div ref={box} style={{ width: '100%', height: HEIGHT }} />;
}
