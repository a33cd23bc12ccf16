import { useSyncExternalStore } from 'react';

/**
 * The spec's one breakpoint (admin §2, learner §8): below 992 px the layouts switch to mobile. It is also
 * Arco Grid's `lg`, so `xs={24} lg={n}` columns stack at the same width. Media queries are written from it
 * (mobileCss), never with the number spelled out again.
 */
export const MOBILE_BREAKPOINT = 992;
/** Below the breakpoint: max-width stops just short of it, as Arco's own lg starts at exactly 992 px. */
export const MOBILE_MEDIA = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** CSS rules that apply only below the breakpoint. */
export const mobileCss = (rules: string) => `@media ${MOBILE_MEDIA} { ${rules} }`;

const subscribe = (notify: () => void) => {
  const query = window.matchMedia(MOBILE_MEDIA);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};
const snapshot = () => window.matchMedia(MOBILE_MEDIA).matches;

/** True below the breakpoint; re-renders when the window crosses it (a phone turned, a window resized). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/**
 * Below the breakpoint in both shells: a paging bar wraps as whole parts (never a word a line) and drops the
 * page-number jumper, which a phone has no room for; a range picker's two months are stacked, not side by side
 * (530 px wide, half of it off a phone's screen); a table keeps its columns' natural widths and scrolls sideways in
 * its frame (shared/shell tables.css), instead of squeezing a column title to one character a line. Only a one-piece
 * table: one with a fixed header is two tables whose widths Arco keeps in step itself.
 */
export const MOBILE_COMMON_CSS = mobileCss(`
  .arco-table-content-inner > table { width: max-content; }
  .arco-pagination { flex-wrap: wrap; row-gap: 8px; justify-content: flex-end; }
  .arco-pagination-total-text, .arco-pagination-option { white-space: nowrap; }
  .arco-pagination-jumper { display: none; }
  .arco-picker-range-wrapper { flex-direction: column; }
  .arco-picker-range-wrapper > .arco-panel-date + .arco-panel-date { border-top: 1px solid var(--color-neutral-3); }
`);
