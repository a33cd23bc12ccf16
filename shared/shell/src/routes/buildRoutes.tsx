import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from '@exam/router';
import type { RouteNode } from '@exam/contracts';
import { resolveView } from '../federation/resolveView';
import { joinPath, LAYOUT, WEB_LAYOUT } from './paths';

export interface Layouts {
  Layout: ComponentType;
  WebLayout: ComponentType;
}

/** Carried by every built route: the title, tags view and exam rule read it from the match. */
export interface RouteHandle {
  name: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

const handleOf = (node: RouteNode): RouteHandle => ({
  name: node.name,
  title: node.meta?.title ?? '',
  affix: node.meta?.affix,
  noCache: node.meta?.noCache,
});

const isLayout = (component: string) => component === LAYOUT || component === WEB_LAYOUT;
// 'noRedirect' is the menu convention for "a group you cannot open".
const redirectOf = (node: RouteNode) => (node.redirect && node.redirect !== 'noRedirect' ? node.redirect : undefined);

/**
 * Flat routes with full paths for a node and its descendants. Flattening under the layout avoids
 * react-router's rule that absolute child paths repeat the parent path, which menus do not follow.
 */
function flatten(node: RouteNode, path: string): RouteObject[] {
  const own: RouteObject[] = [];
  const children = node.children ?? [];
  const redirect = redirectOf(node);
  if (node.component && !isLayout(node.component)) {
    const View = resolveView(node.component);
    own.push({ path, element: <View />, handle: handleOf(node) });
  } else if (path !== '/' && (redirect || children.length)) {
    // A group's own path leads to its redirect or first child ('/' is left to the guard).
    const to = redirect ?? joinPath(path, children[0].path);
    own.push({ path, element: <Navigate to={to} replace />, handle: handleOf(node) });
  }
  return [...own, ...children.flatMap((child) => flatten(child, joinPath(path, child.path)))];
}

/**
 * React-router routes for the server's menu tree (spec admin §2): 'Layout' and 'WebLayout' nodes
 * become pathless layout routes, every other component value is a remote view loaded on demand.
 */
export function buildRoutes(nodes: RouteNode[], layouts: Layouts): RouteObject[] {
  return nodes.flatMap((node): RouteObject[] => {
    const path = joinPath('', node.path);
    if (!isLayout(node.component)) return flatten(node, path);
    const LayoutComponent = node.component === LAYOUT ? layouts.Layout : layouts.WebLayout;
    return [{ element: <LayoutComponent />, children: flatten(node, path) }];
  });
}
