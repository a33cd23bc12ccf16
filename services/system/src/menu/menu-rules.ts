import { type MenuSaveReq, MenuType } from '@exam/contracts';
import { cleanMenuName } from '@exam/validators';

export type CleanMenu = {
  parentId: string;
  menuType: number;
  metaTitle: string;
  name: string;
  path: string;
  component: string;
  redirect: string;
  permissionTag: string;
  metaIcon: string;
  hidden: boolean;
};

/**
 * The menu form's rules (spec admin §4, §5), in the form's order: the first failure's message, or the
 * cleaned menu. Names keep letters only; type 1 needs path and component; top-level menus use Layout.
 */
export function checkMenu(m: MenuSaveReq): { error: string } | { menu: CleanMenu } {
  const t = (s?: string) => (s ?? '').trim();
  const name = cleanMenuName(t(m.name));
  if (!t(m.parentId)) return { error: '上级菜单不能为空！' };
  if (!m.menuType) return { error: '菜单类型不能为空！' };
  if (!t(m.metaTitle)) return { error: '菜单标题不能为空！' };
  if (!name) return { error: '菜单名称不能为空！' };
  if (m.menuType === MenuType.MENU && !t(m.path)) return { error: '访问路径不能为空！' };
  const component = t(m.parentId) === '0' && m.menuType !== MenuType.FUNCTION ? 'Layout' : t(m.component);
  if (m.menuType === MenuType.MENU && !component) return { error: '视图组件不能为空！' };
  return {
    menu: {
      parentId: t(m.parentId),
      menuType: m.menuType,
      metaTitle: t(m.metaTitle),
      name,
      path: t(m.path),
      component,
      redirect: t(m.redirect),
      permissionTag: t(m.permissionTag),
      metaIcon: t(m.metaIcon),
      hidden: m.hidden ?? false,
    },
  };
}
