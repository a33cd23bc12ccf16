import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Its children once their place comes into view (and from then on): a part below the fold whose code or data is
 * heavy (charts, tables) is not loaded with the page, only if the user scrolls to it. The placeholder keeps its
 * height, so nothing moves when it arrives.
 */
export function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true));
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  const space = <div ref={box} style={{ height }} aria-busy="true" />;
  return near ? <Suspense fallback={space}>{children}</Suspense> : space;
}
