import { describe, expect, it } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import { compactFilters, usePage } from './usePage';

describe('usePage', () => {
  it('starts again at page 1 when the filters or the page size change', () => {
    const { result, rerender } = renderHook(({ title }) => usePage({ title }, 10), { initialProps: { title: '' } });
    expect(result.current.request).toEqual({ current: 1, size: 10, orders: [], params: { title: '' } });
    act(() => result.current.setCurrent(3));
    expect(result.current.request.current).toBe(3);
    rerender({ title: '' }); // a fresh object of the same filters keeps the page
    expect(result.current.query.current).toBe(3);
    rerender({ title: 'a' });
    expect(result.current.request).toEqual({ current: 1, size: 10, orders: [], params: { title: 'a' } });
    act(() => result.current.pagination(100).onChange?.(4, 10));
    expect(result.current.query.current).toBe(4);
    act(() => result.current.pagination(100).onChange?.(4, 20));
    expect(result.current.query).toEqual({ current: 1, size: 20, orders: [] });
  });

  it('leaves empty filters out', () => {
    expect(compactFilters({ a: '', b: undefined, c: null, d: 0, e: false, f: 'x' })).toEqual({
      d: 0,
      e: false,
      f: 'x',
    });
  });
});
