import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, cleanup, render } from '@testing-library/react';
import { Stat, countedAt } from './Stat';

describe('Stat', () => {
  afterEach(() => {
    cleanup();
    rs.useRealTimers();
  });

  it("draws a title over a value in Arco's statistic classes, 12,345 with group separators", () => {
    const { container } = render(<Stat title="考试总数" value={12345} groupSeparator />);
    expect(container.querySelector('.arco-statistic-title')?.textContent).toBe('考试总数');
    expect(container.querySelector('.arco-statistic-value')?.textContent).toBe('12,345');
    render(<Stat title="系统版本" value="v1.2.0" countUp groupSeparator />);
    expect(document.body.textContent).toContain('v1.2.0');
  });

  it('counts a number up from 0 to its value, then stays there', async () => {
    rs.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { container } = render(<Stat title="用户总数" value={2000} countUp groupSeparator />);
    const value = () => container.querySelector('.arco-statistic-value')?.textContent;
    expect(value()).toBe('0');
    await act(async () => void rs.advanceTimersByTime(600));
    const midway = Number(value()?.replace(/,/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(2000);
    await act(async () => void rs.advanceTimersByTime(3000));
    expect(value()).toBe('2,000');
  });

  it('eases out: most of the count in the first half, exact at the end', () => {
    expect(countedAt(1000, 0)).toBe(0);
    expect(countedAt(1000, 900)).toBeGreaterThan(900);
    expect(countedAt(1000, 1800)).toBe(1000);
    expect(countedAt(1000, 5000)).toBe(1000);
  });
});
