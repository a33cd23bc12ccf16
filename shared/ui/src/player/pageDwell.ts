/**
 * How long each PDF page was on screen: a page counts as read only after a minimum dwell (DESIGN §3),
 * so paging straight to the end reads nothing. Times are passed in, so it is tested without a browser.
 */
export const MIN_PAGE_DWELL_MS = 3000;

export interface PageDwell {
  /** `page` is on screen from `now` (ends the previous page's dwell). */
  show(page: number, now: number): void;
  /** Nothing is on screen from `now` (tab hidden, reader closed). */
  hide(now: number): void;
  /** Pages that reached the minimum dwell since the last call, with their dwell in ms; emptied by the call. */
  take(): { page: number; dwellMs: number }[];
}

export function createPageDwell(minDwellMs = MIN_PAGE_DWELL_MS): PageDwell {
  let current: { page: number; since: number } | null = null;
  const read = new Map<number, number>();
  const end = (now: number) => {
    if (!current) return;
    const dwell = Math.max(0, now - current.since);
    if (dwell >= minDwellMs) read.set(current.page, (read.get(current.page) ?? 0) + dwell);
    current = null;
  };
  return {
    show(page, now) {
      if (current?.page === page) return;
      end(now);
      current = { page, since: now };
    },
    hide: end,
    take() {
      const out = [...read].map(([page, dwellMs]) => ({ page, dwellMs })).sort((a, b) => a.page - b.page);
      read.clear();
      return out;
    },
  };
}
