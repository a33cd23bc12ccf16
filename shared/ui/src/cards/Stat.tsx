import { type ReactNode, useEffect, useState } from 'react';
import '@arco-design/web-react/es/Statistic/style/index.css';

export interface StatProps {
  title: ReactNode;
  value: number | string;
  /** Counts a number up from 0 as it first shows (spec admin §2: the dashboard's totals, 1.5–2 s). */
  countUp?: boolean;
  /** 12,345 rather than 12345. */
  groupSeparator?: boolean;
}

const COUNT_MS = 1800;
const easeOut = (t: number) => 1 - (1 - t) ** 4;

/** The number shown `elapsed` ms into a count up to `to`. */
export const countedAt = (to: number, elapsed: number) => Math.round(to * easeOut(Math.min(1, elapsed / COUNT_MS)));

function useCountUp(to: number, on: boolean): number {
  const still = !on || to === 0 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const [shown, setShown] = useState(still ? to : 0);
  useEffect(() => {
    if (still) return setShown(to);
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      setShown(countedAt(to, now - start));
      if (now - start < COUNT_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [to, still]);
  return shown;
}

/**
 * A title over a value, in Arco's Statistic look (its stylesheet and classes). Not Arco's Statistic itself: its script
 * brings a countdown with dayjs and six of its plugins (7 KB on the dashboard's first load) that no page shows.
 */
export function Stat({ title, value, countUp = false, groupSeparator = false }: StatProps) {
  const numeric = typeof value === 'number';
  const counted = useCountUp(numeric ? value : 0, countUp && numeric);
  const shown = !numeric ? value : groupSeparator ? counted.toLocaleString('en-US') : String(counted);
  return (
    <div className="arco-statistic">
      <div className="arco-statistic-title">{title}</div>
      <div className="arco-statistic-content">
        <div className="arco-statistic-value">
          <span className="arco-statistic-value-int">{shown}</span>
        </div>
      </div>
    </div>
  );
}
