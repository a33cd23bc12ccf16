import { MenuType } from '@exam/contracts';

/** A menu entry as seeded (menus.ts gathers the trees). */
export type MenuSeed = {
  id: string;
  title: string;
  name?: string;
  path?: string;
  component?: string;
  redirect?: string;
  tag?: string;
  icon?: string;
  type?: (typeof MenuType)[keyof typeof MenuType];
  hidden?: boolean;
  affix?: boolean;
  /** The module switch (`module<Name>` in the site props) that shows the entry. */
  module?: 'course' | 'exam' | 'cert' | 'battle';
  children?: MenuSeed[];
};

/** A function entry (type 2): the permission tag a button or call needs. */
export const fn = (id: string, title: string, tag: string): MenuSeed => ({ id, title, tag, type: MenuType.FUNCTION });
/** The add, update and delete functions of `tagBase` (and `extra` ones, `[key, title]`). */
export const crud = (prefix: string, tagBase: string, extra: [string, string][] = []) => [
  fn(`${prefix}-add`, '新增', `${tagBase}:add`),
  fn(`${prefix}-update`, '修改', `${tagBase}:update`),
  fn(`${prefix}-delete`, '删除', `${tagBase}:delete`),
  ...extra.map(([k, t]) => fn(`${prefix}-${k}`, t, `${tagBase}:${k}`)),
];
