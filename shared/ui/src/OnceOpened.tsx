import { type ReactNode, Suspense, useState } from 'react';

/**
 * Its children (a drawer or dialog whose code loads lazily) from the first time `open` is true on: their chunk, and
 * Arco's focus lock, stay out of the first load; once mounted they stay, so they can play their closing animation.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Derived state set while rendering, as React documents for it: no extra commit.
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
