import type { RouteNode } from '@exam/contracts';
import { matchPath } from '@exam/router';

/** Menu `component` values naming the two layouts; any other value is a view key. */
export const LAYOUT = 'Layout';
export const WEB_LAYOUT = 'WebLayout';
export type LayoutName = typeof LAYOUT | typeof WEB_LAYOUT;

/** Spec admin §2: where a signed-in user lands when no menu gives an index. */
export const FALLBACK_INDEX = '/pages/exam';

/** Full path of a child: absolute child paths stand alone, relative ones hang under the parent. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalize(child);
  if (!child) return normalize(parent || '/');
  return normalize(`${parent}/${child}`);
}

function normalize(path: string): string {
  const collapsed = `/${path}`.replace(/\/+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

const visible = (nodes: RouteNode[] | undefined) => (nodes ?? []).filter((n) => !n.hidden);

/**
 * Spec admin §2: the first menu's first child path, else the first menu's path, else /pages/exam.
 * Hidden entries are skipped: they are detail pages (often with `:id`) nobody can land on.
 */
export function indexPath(routes: RouteNode[]): string {
  const first = visible(routes)[0];
  if (!first) return FALLBACK_INDEX;
  const firstChild = visible(first.children)[0];
  if (firstChild) return joinPath(first.path, firstChild.path);
  return first.path ? joinPath('', first.path) : FALLBACK_INDEX;
}

export interface MenuEntry {
  key: string;
  name: string;
  title: string;
  icon?: string;
  children?: MenuEntry[];
}

/**
 * Visible menu entries under `parentPath`. Parents with visible children are always shown as
 * groups (spec admin §2); an untitled parent (a bare layout wrapper) gives way to its children.
 */
export function menuTree(nodes: RouteNode[] | undefined, parentPath = ''): MenuEntry[] {
  return visible(nodes).flatMap((node): MenuEntry[] => {
    const key = joinPath(parentPath, node.path);
    const children = menuTree(node.children, key);
    if (!node.meta?.title) return children;
    const entry: MenuEntry = { key, name: node.name, title: node.meta.title, icon: node.meta.icon };
    return [children.length ? { ...entry, children } : entry];
  });
}

/** Menu of one layout: the entries under every top-level node rendered by that layout. */
export function layoutMenu(routes: RouteNode[], layout: LayoutName): MenuEntry[] {
  const roots = visible(routes).filter((n) => n.component === layout);
  // The learner top menu lists the web layout's children; the admin sidebar lists its top nodes.
  return layout === WEB_LAYOUT ? roots.flatMap((n) => menuTree(n.children, n.path)) : menuTree(roots);
}

/** Full path of the route called `name` (links between views use names, paths are the server's). */
export function pathOfName(routes: RouteNode[], name: string, parentPath = ''): string | undefined {
  for (const node of routes) {
    const path = joinPath(parentPath, node.path);
    if (node.name === name) return path;
    const found = pathOfName(node.children ?? [], name, path);
    if (found) return found;
  }
  return undefined;
}

/** All menu keys, depth first (to pick the active one). */
const allKeys = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.key, ...allKeys(e.children ?? [])]);

/** The menu entry to highlight for a path: the longest key the path equals or lies under. */
export function activeMenuKey(entries: MenuEntry[], pathname: string): string | undefined {
  const under = (key: string) => pathname === key || pathname.startsWith(key === '/' ? '/' : `${key}/`);
  return allKeys(entries)
    .filter(under)
    .sort((a, b) => b.length - a.length)[0];
}

/** Routes marked `meta.affix`, with full paths: the tags view keeps them open. */
export function affixRoutes(nodes: RouteNode[], parentPath = ''): { path: string; title: string; name: string }[] {
  return nodes.flatMap((node) => {
    const path = joinPath(parentPath, node.path);
    const own = node.meta?.affix ? [{ path, title: node.meta.title, name: node.name }] : [];
    return [...own, ...affixRoutes(node.children ?? [], path)];
  });
}

/** A view key (`<domain>/<View>`) and the path's parameters (`:paperId` …). */
export type ViewAtPath = { key: string; params: Record<string, string | undefined> };

/** The view the menus draw at `pathname`, if any, found as the shell's routes would, with the path's parameters. */
export function viewAt(nodes: RouteNode[], pathname: string, parentPath = ''): ViewAtPath | undefined {
  for (const node of nodes) {
    const path = joinPath(parentPath, node.path);
    const match =
      node.component && node.component !== LAYOUT && node.component !== WEB_LAYOUT ? matchPath(path, pathname) : null;
    if (match) return { key: node.component, params: match.params };
    const inner = viewAt(node.children ?? [], pathname, path);
    if (inner) return inner;
  }
  return undefined;
}
