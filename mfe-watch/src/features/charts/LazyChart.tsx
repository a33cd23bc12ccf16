import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { CHART_HEIGHT } from './series';

// g2plot is most of the dashboard's script (about 240 KB gzip): the counts and lists draw first, and a chart's code
// loads when the chart comes near the screen (on a phone the charts are below the counts).
const Chart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

/** Margin around the screen within which a chart starts loading, so it is drawn by the time it is scrolled to. */
const NEAR = '300px';

/** The chart, loaded once it is near the screen; its space is kept meanwhile, so nothing below moves. */
export function LazyChart(props: ComponentProps<typeof Chart>) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  const space = <div ref={box} style={{ height: CHART_HEIGHT }} aria-busy="true" />;
  if (!near) return space;
  return (
    <Suspense fallback={space}>
      <Chart {...props} />
    </Suspense>
  );
}
