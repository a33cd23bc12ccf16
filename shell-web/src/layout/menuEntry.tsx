import { Menu } from '@arco-design/web-react';
import type { MenuEntry } from '@exam/shell';

/** One entry of the top menu or the phone's drawer menu. */
export const renderEntry = (entry: MenuEntry) =>
  entry.children ? (
    <Menu.SubMenu key={entry.key} title={entry.title}>
      {entry.children.map(renderEntry)}
    </Menu.SubMenu>
  ) : (
    <Menu.Item key={entry.key}>{entry.title}</Menu.Item>
  );
