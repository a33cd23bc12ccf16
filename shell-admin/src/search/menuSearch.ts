import Fuse from 'fuse.js';
import type { MenuEntry } from '@exam/shell';

export type SearchItem = { title: string; path: string };

/** Leaf entries (the pages one can open), titled with their group: 系统管理 / 用户管理. */
export function searchItems(entries: MenuEntry[], prefix: string[] = []): SearchItem[] {
  return entries.flatMap((e) =>
    e.children?.length
      ? searchItems(e.children, [...prefix, e.title])
      : [{ title: [...prefix, e.title].join(' / '), path: e.key }],
  );
}

/** Spec admin §9: fuzzy threshold 0.4, title weight 0.7, path weight 0.3. */
export const SEARCH_OPTIONS = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export function createMenuSearch(items: SearchItem[]) {
  const fuse = new Fuse(items, SEARCH_OPTIONS);
  return (text: string): SearchItem[] => (text.trim() ? fuse.search(text.trim()).map((r) => r.item) : []);
}
