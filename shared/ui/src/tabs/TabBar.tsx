import { type CSSProperties, type KeyboardEvent, type ReactNode, useState } from 'react';

export interface TabBarProps<K extends string> {
  tabs: readonly { key: K; title: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
  /** Grey pills at the end of the row (Arco's capsule tabs) instead of titles over a line with an ink bar. */
  capsule?: boolean;
  style?: CSSProperties;
}

// In Arco's look, from its theme variables. A row that does not fit wraps: every tab stays in sight (a row that
// scrolled sideways hid 已出分 past a phone's edge, with nothing to say it was there).
const CSS = `
.exam-tabbar { display: flex; flex-wrap: wrap; row-gap: 4px; }
.exam-tabbar > button { flex: none; border: 0; background: none; font: inherit; font-size: 14px; cursor: pointer;
  white-space: nowrap; color: var(--color-text-2); }
.exam-tabbar > button:hover { color: var(--color-text-1); }
.exam-tabbar > button[aria-selected=true] { color: rgb(var(--primary-6)); font-weight: 500; }
.exam-tabbar > button:focus-visible { outline: 2px solid rgb(var(--primary-6)); outline-offset: -2px; }
.exam-tabbar-line { border-bottom: 1px solid var(--color-neutral-3); margin-bottom: 16px; padding: 0 16px; gap: 32px; }
.exam-tabbar-line > button { position: relative; padding: 8px 0; line-height: 22px; }
.exam-tabbar-line > button[aria-selected=true]::after { content: ''; position: absolute; left: 0; right: 0; bottom: -1px;
  height: 2px; background: rgb(var(--primary-6)); }
.exam-tabbar-capsule { width: fit-content; max-width: 100%; margin-left: auto; padding: 3px; gap: 2px;
  background: var(--color-fill-2); border-radius: var(--border-radius-small); }
.exam-tabbar-capsule > button { padding: 0 12px; line-height: 26px; border-radius: var(--border-radius-small); }
.exam-tabbar-capsule > button[aria-selected=true] { background: var(--color-bg-2); }
`;

/**
 * A row of tabs (role tablist; arrow keys, Home and End move between them) whose panels the caller draws, e.g. with
 * TabPanel. Not Arco's Tabs on a page's first view: those measure every title's box as they draw, once for each
 * change of size, and bring a dropdown menu for titles that do not fit; on the learner's exam list that was a
 * quarter of the main thread's work while the first cards drew.
 */
export function TabBar<K extends string>({ tabs, active, onChange, capsule = false, style }: TabBarProps<K>) {
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === active);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const i = (to + tabs.length) % tabs.length;
    onChange(tabs[i].key);
    (e.currentTarget.children[i] as HTMLElement | undefined)?.focus();
  };
  return (
    <>
      <style href="exam-tabbar" precedence="default">
        {CSS}
      </style>
      <div
        role="tablist"
        className={`exam-tabbar exam-tabbar-${capsule ? 'capsule' : 'line'}`}
        style={style}
        onKeyDown={move}
      >
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === active}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => t.key !== active && onChange(t.key)}
          >
            {t.title}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * A tab's panel: drawn the first time its tab is chosen, then kept (hidden) so it keeps its page and filters; with
 * `destroyOnHide`, drawn anew each time (a list that must show what changed on another tab).
 */
export function TabPanel({
  active,
  destroyOnHide = false,
  children,
}: {
  active: boolean;
  destroyOnHide?: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(active);
  if (active && !opened) setOpened(true);
  if (!active && (destroyOnHide || !opened)) return null;
  return (
    <div role="tabpanel" hidden={!active}>
      {children}
    </div>
  );
}
