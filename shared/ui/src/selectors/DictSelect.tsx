import { Select, type SelectProps } from '@arco-design/web-react';
import { flattenDict, useDict } from './useDict';

export type DictSelectProps = Omit<SelectProps, 'options'> & { dicCode: string };

/** A select over a dictionary's values (value → title). */
export function DictSelect({ dicCode, placeholder = '请选择', ...rest }: DictSelectProps) {
  const { values } = useDict(dicCode);
  return <Select allowClear placeholder={placeholder} {...rest} options={flattenDict(values).map((v) => ({ value: v.value, label: v.title }))} />;
}

/** The title of a dictionary value, for tables and details. */
export function DictText({ dicCode, value }: { dicCode: string; value: string | number | undefined | null }) {
  const { titleOf } = useDict(dicCode);
  return <>{titleOf(value)}</>;
}
