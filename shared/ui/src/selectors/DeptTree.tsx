import { useState } from 'react';
import { Input, Tree } from '@arco-design/web-react';
import type { DepartOption } from '@exam/contracts';
import { filterTree, useDeptTree } from './useDeptTree';

export interface DeptTreeProps {
  /** The chosen deptCode, '' for none. */
  value?: string;
  onChange?: (deptCode: string) => void;
}

const allKeys = (nodes: DepartOption[]): string[] => nodes.flatMap((n) => [n.value, ...allKeys(n.children ?? [])]);

/** Department tree with a filter box; clicking the chosen department again clears the choice. */
export function DeptTree({ value = '', onChange }: DeptTreeProps) {
  const { tree } = useDeptTree();
  const [text, setText] = useState('');
  const shown = filterTree(tree, text.trim());
  return (
    <div>
      <Input.Search
        allowClear
        placeholder="输入部门名称过滤"
        value={text}
        onChange={setText}
        style={{ marginBottom: 8 }}
      />
      <Tree
        blockNode
        // Remounted when data arrives or the filter changes, so the default expansion applies; filtering opens every branch.
        key={`${text}-${tree.length}`}
        defaultExpandedKeys={text ? allKeys(shown) : shown.map((n) => n.value)}
        treeData={shown}
        fieldNames={{ key: 'value', title: 'title', children: 'children' }}
        selectedKeys={value ? [value] : []}
        onSelect={(keys) => onChange?.(keys[0] && keys[0] !== value ? String(keys[0]) : '')}
      />
    </div>
  );
}
