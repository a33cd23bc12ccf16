import { useState } from 'react';

/**
 * True from the first time `open` is true on. A drawer loaded when first opened (its chunk, and Arco's focus lock,
 * stay out of the first load) mounts then and stays mounted, so it can play its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state set while rendering, as React documents for it: no extra commit.
  if (open && !opened) setOpened(true);
  return opened || open;
}
