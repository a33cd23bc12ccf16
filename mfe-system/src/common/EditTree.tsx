import type { CSSProperties } from 'react';
import { Button, Empty, Space, Tree } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { Permission } from '@exam/ui';

type Node = { id: string; title: string; children?: Node[] };

export interface EditTreeProps<N extends Node> {
  /** The nodes to show (already filtered), every branch open. */
  nodes: N[];
  /** A new key shows the tree afresh, all open again (a new filter, new data). */
  viewKey: string;
  /** Shown in grey after a node's title (its code). */
  code: (node: N) => string;
  /** The tree's permissions: `<permission>:add`, `:update` (edit and move) and `:delete`. */
  permission: string;
  onAdd: (parent: N) => void;
  onEdit: (node: N) => void;
  onRemove: (node: N) => void;
  /** Up (0) or down (1) among its siblings; no buttons without it. */
  onMove?: (node: N, sort: 0 | 1) => void;
  style?: CSSProperties;
}

const keysOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...keysOf(n.children ?? [])]);

/** An editable tree (departments, dictionary values): each node's code, and its actions at the right for their holders. */
export function EditTree<N extends Node>(props: EditTreeProps<N>) {
  const { nodes, viewKey, code, permission, onAdd, onEdit, onRemove, onMove, style } = props;
  if (!nodes.length) return <Empty description="暂无相关数据！" />;
  const actions = (n: N) => (
    <Space size={0} style={{ position: 'absolute', right: 8 }}>
      <Permission codes={[`${permission}:add`]}>
        <Button size="mini" type="text" icon={<IconPlus />} title="新增下级" onClick={() => onAdd(n)} />
      </Permission>
      <Permission codes={[`${permission}:update`]}>
        <Button size="mini" type="text" icon={<IconEdit />} title="修改" onClick={() => onEdit(n)} />
        {onMove && (
          <>
            <Button size="mini" type="text" icon={<IconArrowUp />} title="上移" onClick={() => onMove(n, 0)} />
            <Button size="mini" type="text" icon={<IconArrowDown />} title="下移" onClick={() => onMove(n, 1)} />
          </>
        )}
      </Permission>
      <Permission codes={[`${permission}:delete`]}>
        <Button
          size="mini"
          type="text"
          status="danger"
          icon={<IconDelete />}
          title="删除"
          onClick={() => onRemove(n)}
        />
      </Permission>
    </Space>
  );
  return (
    <Tree
      key={viewKey}
      blockNode
      defaultExpandedKeys={keysOf(nodes)}
      treeData={nodes}
      fieldNames={{ key: 'id', title: 'title', children: 'children' }}
      renderTitle={(p) => (
        <span>
          {p.title as string} <span style={{ color: 'var(--color-text-3)' }}>({code(p.dataRef as N)})</span>
        </span>
      )}
      renderExtra={(p) => actions(p.dataRef as N)}
      style={style}
    />
  );
}
