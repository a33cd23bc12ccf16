import { TreeSelect } from '@arco-design/web-react';
import type { MenuNode } from '@exam/contracts';

type Option = { key: string; title: string; disabled?: boolean; children?: Option[] };

/** Menus and routes (no function entries) as parents; `blocked` (the menu being edited) and its subtree cannot be chosen. */
function options(nodes: MenuNode[], blocked?: string): Option[] {
  return nodes
    .filter((n) => n.menuType !== 2)
    .map((n) => ({
      key: n.id,
      title: n.metaTitle,
      disabled: n.id === blocked,
      children: n.id === blocked ? undefined : options(n.children ?? [], blocked),
    }));
}

/** 上级菜单 selector (spec admin §2 "menu tree selector"); '0' is the top level. */
export function MenuTreeSelect({
  tree,
  value,
  onChange,
  blocked,
}: {
  tree: MenuNode[];
  value?: string;
  onChange?: (v: string) => void;
  blocked?: string;
}) {
  return (
    <TreeSelect
      showSearch
      placeholder="请选择上级菜单"
      value={value}
      onChange={onChange}
      treeData={[{ key: '0', title: '顶级菜单', children: options(tree, blocked) }]}
      filterTreeNode={(text, node) => String(node.props.title ?? '').includes(text)}
    />
  );
}
