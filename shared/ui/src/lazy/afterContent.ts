import { useEffect, useState } from 'react';

/**
 * On a first load a phone's network and CPU go to the page's own content first (its list, its paper, its counts);
 * parts that are on the page but secondary (a filter's date picker, the header's unread count) wait until that content
 * has shown. Views say so with `contentShown()` (the paging lists do it themselves); a page that never says it lets
 * them go after CONTENT_WAIT_MS. Once shown, later pages of the visit do not wait.
 */
export const CONTENT_WAIT_MS = 3000;

let shown = false;
let markShown: () => void = () => undefined;
const shownOnce = new Promise<void>((resolve) => (markShown = resolve));

/** The page's own content is on the screen. */
export function contentShown(): void {
  shown = true;
  markShown();
}

/** Resolves once the page's content has shown, or after CONTENT_WAIT_MS. */
export function afterContent(): Promise<void> {
  if (shown) return Promise.resolve();
  return Promise.race([shownOnce, new Promise<void>((resolve) => setTimeout(resolve, CONTENT_WAIT_MS))]);
}

/** False until the page's content has shown (or CONTENT_WAIT_MS passed), then true. */
export function useAfterContent(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterContent().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
