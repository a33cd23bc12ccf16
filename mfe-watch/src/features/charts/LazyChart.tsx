import { lazy, type ComponentProps } from 'react';
import { WhenNear } from '@exam/ui';
import { CHART_HEIGHT } from './series';

// g2plot is most of the dashboard's script (about 190 KB gzip): the counts draw first, and a chart's code loads when
// the chart comes into view (on a phone the charts are below the counts).
const Chart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

/** The chart, loaded once it is in view; its space is kept meanwhile, so nothing below moves. */
export function LazyChart(props: ComponentProps<typeof Chart>) {
  return (
    <WhenNear height={CHART_HEIGHT}>
      <Chart {...props} />
    </WhenNear>
  );
}
