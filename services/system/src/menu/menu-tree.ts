import { MenuType, type RouteNode } from '@exam/contracts';

export type MenuRow = {
  id: string;
  parentId: string;
  menuType: number;
  metaTitle: string;
  name: string;
  path: string;
  component: string;
  redirect: string;
  metaIcon: string;
  hidden: boolean;
  affix: boolean;
  sort: number;
};

/**
 * Builds the route tree the shells turn into routes: function menus (type 2) are permissions,
 * not routes, so they are left out; siblings keep their sort order; parents with children are always shown.
 */
export function buildRouteTree(rows: MenuRow[]): RouteNode[] {
  const routes = rows
    .filter((r) => r.menuType !== MenuType.FUNCTION)
    .sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
  const byParent = new Map<string, MenuRow[]>();
  for (const r of routes) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const ids = new Set(routes.map((r) => r.id));

  const toNode = (r: MenuRow): RouteNode => {
    const kids = (byParent.get(r.id) ?? []).map(toNode);
    const node: RouteNode = {
      path: r.path,
      name: r.name,
      component: r.component,
      hidden: r.hidden,
      meta: { title: r.metaTitle, icon: r.metaIcon || undefined, affix: r.affix || undefined },
    };
    if (r.redirect) node.redirect = r.redirect;
    if (kids.length) {
      node.children = kids;
      node.alwaysShow = true;
    }
    return node;
  };
  // Roots are top-level menus, and also granted menus whose parent was not granted.
  return routes.filter((r) => r.parentId === '0' || !ids.has(r.parentId)).map(toNode);
}
