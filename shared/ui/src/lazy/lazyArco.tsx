import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import type { PaginationProps, RangePickerProps } from '@arco-design/web-react';
import { useAfterContent } from '@exam/store';

/**
 * Arco components that are on a page but not what the page is for, loaded after it has drawn: their code (a
 * pagination brings Select, InputTag and a virtual list; a range picker its panels and dayjs plugins) is not waited
 * for before the page's own content shows (a range picker, drawn at once above a list, is not even asked for before
 * the list has shown). The fallback keeps their place, so nothing moves when they arrive.
 */
const PaginationImpl = lazy(() => import('./parts/pagination'));
const RangePickerImpl = lazy(() => import('./parts/rangePicker'));

/** The component's place while its code loads: its own style at Arco's default control height. */
function Held({ style, ready = true, children }: { style?: CSSProperties; ready?: boolean; children: ReactNode }) {
  const space = <div style={{ display: 'inline-block', ...style, height: 32 }} />;
  return ready ? <Suspense fallback={space}>{children}</Suspense> : space;
}

export function LazyPagination(props: PaginationProps) {
  return (
    <Held style={{ display: 'block', ...props.style }}>
      <PaginationImpl {...props} />
    </Held>
  );
}

export function LazyRangePicker(props: RangePickerProps) {
  return (
    <Held style={props.style} ready={useAfterContent()}>
      <RangePickerImpl {...props} />
    </Held>
  );
}
