import type { CSSProperties, ReactNode } from 'react';
import { Space } from '@arco-design/web-react';
import { DAY_RANGE_TIMES } from '../form/pickerTimes';
import { LazyRangePicker } from '../lazy/lazyArco';

/** A phone's filters: two to a row, each filling its cell (fixed widths ran off the card); the dates and buttons across. */
const PHONE_GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 8 };
const ACROSS: CSSProperties = { gridColumn: '1 / -1' };

/**
 * A list's filters and buttons: one wrapping row on a desktop, a grid of two columns on a phone. `fields` are an
 * array (a Space spaces each of its children, and a fragment is one child).
 */
export function FilterBar({ mobile, fields, buttons }: { mobile: boolean; fields: ReactNode[]; buttons: ReactNode[] }) {
  if (!mobile)
    return (
      <Space wrap>
        {fields}
        {buttons}
      </Space>
    );
  return (
    <div style={PHONE_GRID}>
      {fields}
      <Space wrap style={ACROSS}>
        {buttons}
      </Space>
    </div>
  );
}

/** A date-range filter of a FilterBar (whole days in the site's zone), across the grid on a phone. */
export function DateRangeFilter({
  mobile,
  placeholder,
  onRange,
}: {
  mobile: boolean;
  placeholder: [string, string];
  onRange: (range: string[]) => void;
}) {
  return (
    <LazyRangePicker
      style={mobile ? { ...ACROSS, width: '100%' } : { width: 340 }}
      placeholder={placeholder}
      showTime={DAY_RANGE_TIMES}
      onChange={(v) => onRange(v ?? [])}
    />
  );
}
