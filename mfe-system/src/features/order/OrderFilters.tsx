import type { CSSProperties, ReactNode } from 'react';
import { Input, Select } from '@arco-design/web-react';
import {
  ORDER_ITEM_TITLES,
  ORDER_STATE_TITLES,
  OrderState,
  type OrderParams,
  PAY_PROVIDER_TITLES,
  PAY_PROVIDERS,
} from '@exam/contracts';
import { DateRangeFilter, FilterBar, useIsMobile } from '@exam/ui';

const options = (titles: Record<string, string>, values: readonly (string | number)[]) =>
  values.map((v) => ({ value: v, label: titles[v] }));
const TYPES = options(ORDER_ITEM_TITLES, Object.keys(ORDER_ITEM_TITLES));
const STATES = options(ORDER_STATE_TITLES, Object.values(OrderState));
const PROVIDERS = options(PAY_PROVIDER_TITLES, PAY_PROVIDERS);

export type OrderFilterKey = Exclude<keyof OrderParams, 'dateRange'>;

/**
 * 订单管理's filters (learner, item, type, state, provider, order dates, order number) and its buttons; a field sets
 * its key of the parameters, a cleared one removes it.
 */
export function OrderFilters({
  onFilter,
  onRange,
  buttons,
}: {
  onFilter: (key: OrderFilterKey, value?: string | number) => void;
  onRange: (range: string[]) => void;
  buttons: ReactNode[];
}) {
  const mobile = useIsMobile();
  const width = (px: number) => (mobile ? '100%' : px);
  const text = (key: OrderFilterKey) => (v?: string) => onFilter(key, v?.trim() || undefined);
  const pick = (key: OrderFilterKey) => (v?: string | number) => onFilter(key, v === '' ? undefined : v);
  // Searched on Enter; cleared at once.
  const search = (key: OrderFilterKey, placeholder: string, style: CSSProperties) => (
    <Input.Search
      key={key}
      allowClear
      placeholder={placeholder}
      style={style}
      onSearch={text(key)}
      onClear={() => onFilter(key, undefined)}
    />
  );
  const choose = (key: OrderFilterKey, label: string, options: { value: string | number; label: string }[]) => (
    <Select
      key={key}
      allowClear
      placeholder={label}
      aria-label={label}
      style={{ width: width(110) }}
      options={options}
      onChange={pick(key)}
    />
  );
  // Arrays, not fragments: a Space spaces each of its children, and a fragment is one child.
  const fields = [
    search('userName', '学员姓名或账号', { width: width(160) }),
    search('itemTitle', '商品名称', { width: width(160) }),
    choose('itemType', '商品类型', TYPES),
    choose('state', '订单状态', STATES),
    choose('provider', '支付方式', PROVIDERS),
    search('orderId', '订单号', { width: width(200) }),
    <DateRangeFilter key="dates" mobile={mobile} placeholder={['下单开始日期', '下单结束日期']} onRange={onRange} />,
  ];
  return <FilterBar mobile={mobile} fields={fields} buttons={buttons} />;
}
