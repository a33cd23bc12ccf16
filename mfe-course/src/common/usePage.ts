import { useState } from 'react';
import type { PaginationProps } from '@arco-design/web-react';
import { PAGE_SIZES } from '@exam/contracts';

/**
 * Page number and size of a list whose filters are `params`: new filters start again at page 1.
 * Returns the paging request for an RTK Query endpoint and the table's pagination props.
 */
export function usePage<P extends object>(params: P, defaultSize = 20) {
  const key = JSON.stringify(params);
  const [state, setState] = useState({ key, current: 1, size: defaultSize });
  // Set during render so only one request goes out for a filter change.
  if (state.key !== key) setState({ key, current: 1, size: state.size });
  const current = state.key === key ? state.current : 1;
  const request = { current, size: state.size, params };
  const pagination = (total: number | undefined): PaginationProps => ({
    current,
    pageSize: state.size,
    total: total ?? 0,
    showTotal: true,
    sizeCanChange: true,
    sizeOptions: [...PAGE_SIZES],
    onChange: (page, size) => setState({ key, current: size !== state.size ? 1 : page, size }),
  });
  const setCurrent = (page: number) => setState({ key, current: page, size: state.size });
  return { request, pagination, current, setCurrent };
}

/** `{ a: '', b: undefined, c: 1 }` → `{ c: 1 }`: empty filters are left out of the request. */
export function compact<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Partial<T>;
}

export const fileSizeText = (bytes: number) =>
  bytes >= 1 << 30 ? `${(bytes / (1 << 30)).toFixed(2)} GB`
    : bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(2)} MB`
      : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;

export const durationText = (sec: number) => {
  const s = Math.max(0, Math.round(sec));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
};
