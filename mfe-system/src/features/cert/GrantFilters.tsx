import type { CSSProperties, ReactNode } from 'react';
import { Input, Select, Space } from '@arco-design/web-react';
import { CERT_STATE_TITLES, CERT_STATES, type CertGrantParams } from '@exam/contracts';
import { DAY_RANGE_TIMES, LazyRangePicker, useIsMobile } from '@exam/ui';

const STATE_OPTIONS = CERT_STATES.map((s) => ({ value: s, label: CERT_STATE_TITLES[s] }));

/** A phone's filters: two to a row and the dates across, each filling its cell (fixed widths ran off the card). */
const PHONE_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: 8,
};
const ACROSS: CSSProperties = { gridColumn: '1 / -1' };

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
    <LazyRangePicker
      key="dates"
      style={mobile ? { ...ACROSS, width: '100%' } : { width: 340 }}
      placeholder={['发放开始日期', '发放结束日期']}
      showTime={DAY_RANGE_TIMES}
      onChange={(v) => onRange(v ?? [])}
    />,
  ];
  if (!mobile)
    return (
      <Space wrap>
        {fields}
        {buttons}
      </Space>
    );
  return (
    <div style={PHONE_GRID}>
      {fields}
      <Space wrap style={ACROSS}>
        {buttons}
      </Space>
    </div>
  );
}
