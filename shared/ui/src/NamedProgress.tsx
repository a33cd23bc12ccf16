import { Progress, type ProgressProps } from '@arco-design/web-react';
import { useLayoutEffect, useRef } from 'react';

/**
 * Arco's Progress with an accessible name. Its inner progressbar element takes no label of its own (axe and
 * Lighthouse: aria-progressbar-name), so the label is set on it after each render.
 */
export function NamedProgress({ label, ...props }: ProgressProps & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.querySelector('[role=progressbar]')?.setAttribute('aria-label', label);
  });
  return <Progress ref={ref} {...props} />;
}
