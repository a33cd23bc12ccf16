import type { ReactNode } from 'react';
import { Input, Select } from '@arco-design/web-react';
import { CERT_STATE_TITLES, CERT_STATES, type CertGrantParams } from '@exam/contracts';
import { DateRangeFilter, FilterBar, useIsMobile } from '@exam/ui';

const STATE_OPTIONS = CERT_STATES.map((s) => ({ value: s, label: CERT_STATE_TITLES[s] }));

/**
 * 证书发放's filters (name, account, source, state, grant dates) and its buttons; a field sets its key of the
 * parameters, a cleared one removes it.
 */
export function GrantFilters({
  onFilter,
  onRange,
  buttons,
}: {
  onFilter: (key: keyof CertGrantParams, value?: string) => void;
  onRange: (range: string[]) => void;
  buttons: ReactNode[];
}) {
  const mobile = useIsMobile();
  const width = (px: number) => (mobile ? '100%' : px);
  const by = (key: keyof CertGrantParams) => (v?: string) => onFilter(key, v?.trim() || undefined);
  // Arrays, not fragments: a Space spaces each of its children, and a fragment is one child.
  const fields = [
    <Input.Search key="name" allowClear placeholder="姓名" style={{ width: width(150) }} onSearch={by('realName')} />,
    <Input.Search key="user" allowClear placeholder="账号" style={{ width: width(150) }} onSearch={by('userName')} />,
    <Input.Search
      key="source"
      allowClear
      placeholder="考试或课程名称"
      style={{ width: width(200) }}
      onSearch={by('source')}
    />,
    <Select
      key="state"
      allowClear
      placeholder="证书状态"
      aria-label="证书状态"
      style={{ width: width(130) }}
      options={STATE_OPTIONS}
      onChange={by('state')}
    />,
    <DateRangeFilter key="dates" mobile={mobile} placeholder={['发放开始日期', '发放结束日期']} onRange={onRange} />,
  ];
  return <FilterBar mobile={mobile} fields={fields} buttons={buttons} />;
}
