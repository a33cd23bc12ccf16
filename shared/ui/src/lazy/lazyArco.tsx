import { type CSSProperties, lazy, Suspense } from 'react';
import type { PaginationProps, RangePickerProps } from '@arco-design/web-react';
import { useAfterContent } from './afterContent';

/**
 * Arco components that are on a page but not what the page is for, loaded after it has drawn: their code (a
 * pagination brings Select, InputTag and a virtual list; a range picker its panels and dayjs plugins) is not waited
 * for before the page's own content shows (a range picker, drawn at once above a list, is not even asked for before
 * the list has shown). The fallback keeps their place, so nothing moves when they arrive.
 */
const PaginationImpl = lazy(() => import('@arco-design/web-react/es/Pagination'));
const RangePickerImpl = lazy(() => import('@arco-design/web-react/es/DatePicker').then((m) => ({ default: m.default.RangePicker })));

// Arco's default control height.
const placeholder = (style?: CSSProperties): CSSProperties => ({ ...style, height: 32 });

export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={<div style={placeholder(props.style)} />}>
      <PaginationImpl {...props} />
    </Suspense>
  );
}

export function LazyRangePicker(props: RangePickerProps) {
  const ready = useAfterContent();
  const space = <div style={{ ...placeholder(props.style), display: 'inline-block' }} />;
  if (!ready) return space;
  return (
    <Suspense fallback={space}>
      <RangePickerImpl {...props} />
    </Suspense>
  );
}
