import { useEffect, useState } from 'react';

/**
 * On a first load a phone's network and CPU go to the page's own content first (its list, its paper, its counts);
 * parts that are on the page but secondary (a filter's date picker, the header's unread count) wait until that content
 * has shown. Views say so with `contentShown()` (the paging lists do it themselves); a page that never says it lets
 * them go after CONTENT_WAIT_MS. Once shown, later pages of the visit do not wait.
 *
 * It lives here, in the one store package every remote takes from its host, because the signal crosses bundles: a
 * remote's list says its content has shown, the host's header waits for it. In @exam/ui, of which each bundle has
 * its own copy, the host never heard the remotes and its header always waited the full CONTENT_WAIT_MS.
 */
export const CONTENT_WAIT_MS = 3000;
/** From the content's commit to its paint, its images' included (a phone may take a few frames). */
const PAINT_WAIT_MS = 200;

/** contentShown() was called (the paging lists call it on every reply): the wait below is started once. */
let shown = false;
/** The content has been painted: secondary parts may go. */
let painted = false;
let resolvePainted: () => void = () => undefined;
const paintedOnce = new Promise<void>((resolve) => (resolvePainted = resolve));
const markPainted = () => {
  painted = true;
  resolvePainted();
};

/**
 * The page's own content is in the document. The secondary parts go once it has been painted and the page is idle:
 * a download they start before that paint is one the content waits for on a slow phone.
 */
export function contentShown(): void {
  if (shown) return;
  shown = true;
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(markPainted, { timeout: 500 });
    else markPainted();
  }, PAINT_WAIT_MS);
}

/** Resolves once the page's content has shown and painted, or after CONTENT_WAIT_MS. */
export function afterContent(): Promise<void> {
  if (painted) return Promise.resolve();
  return Promise.race([paintedOnce, new Promise<void>((resolve) => setTimeout(resolve, CONTENT_WAIT_MS))]);
}

/** False until the page's content has shown and painted (or CONTENT_WAIT_MS passed), then true. */
export function useAfterContent(): boolean {
  const [ready, setReady] = useState(painted);
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
