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
 * table: one with a fixed header is two tables whose widths Arco keeps in step itself. A horizontal form's labels go
 * above their fields (a label column beside them left one glyph a line: 头/像, 姓/名), in every dialog and page. A row
 * of filters and buttons (a Space, a card's header) wraps, and no field is wider than the screen.
 */
export const MOBILE_COMMON_CSS = mobileCss(`
  .arco-table-content-inner > table { width: max-content; }
  .arco-pagination { flex-wrap: wrap; row-gap: 8px; justify-content: flex-end; }
  .arco-pagination-total-text, .arco-pagination-option { white-space: nowrap; }
  .arco-pagination-jumper { display: none; }
  .arco-picker-range-wrapper { flex-direction: column; }
  .arco-picker-range-wrapper > .arco-panel-date + .arco-panel-date { border-top: 1px solid var(--color-neutral-3); }
  .arco-form-horizontal .arco-form-item > .arco-form-label-item,
  .arco-form-horizontal .arco-form-item > .arco-form-item-wrapper { flex: 0 0 100%; max-width: 100%; width: 100%; }
  .arco-form-horizontal .arco-form-label-item { text-align: left; padding-right: 0; }
  .arco-form-horizontal .arco-form-item > [class*='arco-col-offset'] { margin-left: 0; }
  .arco-form-horizontal .arco-form-label-item > label { white-space: normal; }
  .arco-modal-wrapper { padding: 0 8px; }
  .arco-card-header { flex-wrap: wrap; height: auto; row-gap: 8px; }
  .arco-card-header-extra { max-width: 100%; }
  .arco-space-horizontal { flex-wrap: wrap; row-gap: 8px; }
  .arco-space-horizontal > .arco-space-item { max-width: 100%; }
  .arco-input-inner-wrapper, .arco-input-group-wrapper, .arco-select, .arco-tree-select, .arco-picker { max-width: 100%; }
`);

/**
 * A detail table's (Arco Descriptions) columns: as many as asked on a desktop, two on a tablet, one on a phone,
 * where label and value pairs side by side clipped both (待阅…, 202…) and wrapped a title over five lines.
 */
export const detailColumns = (n: number) => ({ xs: 1, sm: 1, md: Math.min(n, 2), lg: n, xl: n, xxl: n });
