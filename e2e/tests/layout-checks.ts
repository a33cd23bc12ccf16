import type { Page } from '@playwright/test';

export type LayoutDefect = { kind: string; detail: string };

/**
 * What a user sees wrong on the page as it stands (the layout check's rules, issue 36). Runs in the page;
 * each defect names the element by its text or classes, so a failure says where to look.
 */
export function layoutDefects(page: Page, within = 'body'): Promise<LayoutDefect[]> {
  return page.evaluate((rootSelector) => {
    const root = [...document.querySelectorAll(rootSelector)].pop() ?? document.body;
    const out: { kind: string; detail: string }[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const name = (e: Element) => {
      const text = (e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
      const cls = [...e.classList]
        .filter((c) => !/^arco-(?!modal|drawer|table|btn|card)/.test(c))
        .slice(0, 2)
        .join('.');
      return `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${text ? ` «${text}»` : ''}`;
    };
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(e);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.05;
    };
    /** The part of the viewport an element can be seen in: the viewport cut by every ancestor that clips sideways. */
    const seenArea = (e: Element) => {
      let left = 0;
      let right = vw;
      for (let p = e.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) {
          const r = p.getBoundingClientRect();
          left = Math.max(left, r.left);
          right = Math.min(right, r.right);
        }
      }
      return { left, right };
    };
    /** Inside something that scrolls sideways: it may reach past the viewport's edge (the scroller is checked itself). */
    const inScroller = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(p).overflowX) && p.scrollWidth > p.clientWidth + 1) return true;
      }
      return false;
    };

    // 1. The page scrolls sideways.
    const width = document.documentElement.scrollWidth;
    if (width > vw + 1) {
      const past = [...document.querySelectorAll('body *')]
        .filter(
          (e) =>
            e.getBoundingClientRect().right > vw + 1 &&
            !inScroller(e) &&
            !(e.parentElement && e.parentElement.getBoundingClientRect().right > vw + 1),
        )
        .slice(0, 3)
        .map(name);
      out.push({ kind: 'page wider than the viewport', detail: `${width} > ${vw}: ${past.join(', ')}` });
    }

    // 2. Text squeezed: a box with text narrower than two glyphs, or a glyph a line.
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = (t.textContent ?? '').trim();
      const el = t.parentElement;
      if (!el || seen.has(el) || [...text].length < 2 || !visible(el)) continue;
      seen.add(el);
      const s = getComputedStyle(el);
      const font = parseFloat(s.fontSize) || 14;
      const line = parseFloat(s.lineHeight) || font * 1.5;
      const range = document.createRange();
      range.selectNodeContents(t);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (!rects.length) continue;
      const widest = Math.max(...rects.map((r) => r.width));
      const tall = rects.length >= 3 && widest < font * 1.6;
      const r = el.getBoundingClientRect();
      if (tall)
        out.push({
          kind: 'text stacked a glyph a line',
          detail: `${name(el)} (${Math.round(widest)}×${Math.round(r.height)} px, ${rects.length} lines)`,
        });
      else if (r.width < font * 1.9 && /(hidden|clip)/.test(s.overflowX) && r.height < line * 1.5) {
        out.push({ kind: 'text narrower than two glyphs', detail: `${name(el)} (${Math.round(r.width)} px)` });
      }
    }

    // 3. Dialogs and popups past the viewport without their own scroll.
    for (const d of document.querySelectorAll(
      '.arco-modal, .arco-drawer, .arco-popover-content, .arco-picker-container, .arco-select-popup, .arco-dropdown, .arco-trigger-popup',
    )) {
      if (!visible(d)) continue;
      const r = d.getBoundingClientRect();
      const scrolls = (e: Element) =>
        /(auto|scroll)/.test(getComputedStyle(e).overflowY) ||
        [...e.querySelectorAll('*')].some(
          (c) => /(auto|scroll)/.test(getComputedStyle(c).overflowY) && c.scrollHeight > c.clientHeight,
        );
      if (r.left < -1 || r.right > vw + 1)
        out.push({
          kind: 'dialog wider than the viewport',
          detail: `${name(d)} (${Math.round(r.left)}…${Math.round(r.right)} of ${vw})`,
        });
      else if (
        r.height > vh + 1 &&
        !scrolls(d) &&
        !/(auto|scroll)/.test(getComputedStyle(d.parentElement!).overflowY)
      ) {
        out.push({
          kind: 'dialog taller than the viewport without a scroll',
          detail: `${name(d)} (${Math.round(r.height)} of ${vh})`,
        });
      }
    }

    // 4. A control that cannot be seen whole without scrolling sideways: past the viewport, or cut by a frame
    // (a wide table's action column, a tab row that runs off the screen). A table may scroll its data, not its controls.
    for (const c of root.querySelectorAll(
      'button, a[href], input:not([type=hidden]), textarea, select, [role=button], [role=tab], [role=menuitem]',
    )) {
      // Arco's tab header scrolls its titles with arrow buttons of its own: it says there is more.
      if (
        !visible(c) ||
        c.closest('[aria-hidden=true], .arco-select-popup, .arco-picker-container, .arco-tabs-header-nav')
      )
        continue;
      const r = c.getBoundingClientRect();
      const area = seenArea(c);
      if (r.right > area.right + 1 || r.left < area.left - 1) {
        out.push({
          kind: 'control outside the viewport',
          detail: `${name(c)} (${Math.round(r.left)}…${Math.round(r.right)}, seen ${Math.round(area.left)}…${Math.round(area.right)})`,
        });
      }
    }

    // 5. Text clipped without an ellipsis and a way to read it: cut by its own box or by a frame around it.
    for (const e of root.querySelectorAll('*')) {
      if (!e.childNodes.length || ![...e.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim()))
        continue;
      if (!visible(e) || inScroller(e) || e.closest('.arco-tabs-header-nav')) continue;
      const s = getComputedStyle(e);
      const own = /(hidden|clip)/.test(s.overflowX) && e.scrollWidth > e.clientWidth + 2;
      const r = e.getBoundingClientRect();
      const area = seenArea(e);
      const cut = own || r.right > area.right + 2 || r.left < area.left - 2;
      if (!cut) continue;
      const ellipsis = [e, e.parentElement].some(
        (x) =>
          (x && getComputedStyle(x).textOverflow === 'ellipsis') ||
          (x && /-webkit-box/.test(getComputedStyle(x).display) && getComputedStyle(x).webkitLineClamp !== 'none'),
      );
      const readable =
        e.closest('[title]') ||
        e.closest('[aria-describedby]') ||
        e.closest('[data-tooltip]') ||
        e.closest('[aria-label]');
      if (!ellipsis) out.push({ kind: 'text clipped without an ellipsis', detail: name(e) });
      else if (!readable) out.push({ kind: 'text cut with an ellipsis and no way to read it', detail: name(e) });
    }
    return out;
  }, within);
}
