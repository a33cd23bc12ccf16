import { Select } from '@arco-design/web-react';
import { useRepoPagingQuery } from '../repos/repoApi';

/** Bank selector (selectors load 100, spec §9), searchable by title. */
export function RepoSelect({
  value,
  onChange,
  allowClear,
  style,
}: {
  value?: string;
  onChange: (id: string) => void;
  allowClear?: boolean;
  style?: React.CSSProperties;
}) {
  const rows = useRepoPagingQuery({ current: 1, size: 100 }).data?.records ?? [];
  return (
    <Select
      aria-label="题库"
      showSearch
      allowClear={allowClear}
      placeholder="选择题库"
      style={style}
      value={value || undefined}
      filterOption={(input, option) =>
        String((option as { props?: { children?: unknown } })?.props?.children ?? '').includes(input)
      }
      onChange={(v) => onChange(v ?? '')}
    >
      {rows.map((r) => (
        <Select.Option key={r.id} value={r.id}>
          {r.title}
        </Select.Option>
      ))}
    </Select>
  );
}
