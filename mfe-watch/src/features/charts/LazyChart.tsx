import { lazy, Suspense, type ComponentProps } from 'react';
import { CHART_HEIGHT } from './series';

// g2plot is most of the dashboard's script (about 240 KB gzip): the counts and lists draw first, the charts after.
const Chart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

/** The chart, loaded after the rest of the page; its space is kept meanwhile, so nothing below moves. */
export function LazyChart(props: ComponentProps<typeof Chart>) {
  return (
    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} aria-busy="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
