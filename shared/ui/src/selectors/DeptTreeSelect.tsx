import { TreeSelect, type TreeSelectProps } from '@arco-design/web-react';
import { useDeptTree } from './useDeptTree';

export type DeptTreeSelectProps = Omit<TreeSelectProps, 'treeData'>;

/** Chooses a department; the value is its deptCode (what users carry). */
export function DeptTreeSelect({ placeholder = '请选择部门', ...rest }: DeptTreeSelectProps) {
  const { tree } = useDeptTree();
  return (
    <TreeSelect
      allowClear
      showSearch
      placeholder={placeholder}
      treeData={tree}
      fieldNames={{ key: 'value', title: 'title', children: 'children' }}
      filterTreeNode={(text, node) => String(node.props.title ?? '').includes(text)}
      {...rest}
    />
  );
}
