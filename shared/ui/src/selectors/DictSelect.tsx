import { Select, type SelectProps, TreeSelect, type TreeSelectProps } from '@arco-design/web-react';
import { flattenDict, useDict } from './useDict';

export type DictSelectProps = Omit<SelectProps, 'options'> & { dicCode: string };

/** A select over a dictionary's values (value → title). */
export function DictSelect({ dicCode, placeholder = '请选择', ...rest }: DictSelectProps) {
  const { values } = useDict(dicCode);
  return (
    <Select
      allowClear
      placeholder={placeholder}
      {...rest}
      options={flattenDict(values).map((v) => ({ value: v.value, label: v.title }))}
    />
  );
}

/** A tree select over a dictionary's values, for tree dictionaries (catalogues): a parent is pickable too. */
export function DictTreeSelect({
  dicCode,
  placeholder = '请选择',
  ...rest
}: Omit<TreeSelectProps, 'treeData'> & { dicCode: string }) {
  const { values } = useDict(dicCode);
  return (
    <TreeSelect
      allowClear
      showSearch
      placeholder={placeholder}
      treeData={values}
      fieldNames={{ key: 'value', title: 'title', children: 'children' }}
      filterTreeNode={(text, node) => String(node.props.title ?? '').includes(text)}
      {...rest}
    />
  );
}

/** The title of a dictionary value, for tables and details. */
export function DictText({ dicCode, value }: { dicCode: string; value: string | number | undefined | null }) {
  const { titleOf } = useDict(dicCode);
  return <>{titleOf(value)}</>;
}
