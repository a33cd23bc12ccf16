import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, render } from '@testing-library/react';
import { PriceTag } from '../index';

const textOf = (el: React.ReactElement) => {
  const { container } = render(el);
  return container.textContent;
};

describe('PriceTag', () => {
  afterEach(cleanup);

  it('shows the price with ￥, points as 积分, both joined by +, otherwise 免费', () => {
    expect(textOf(<PriceTag price={9.9} />)).toBe('￥9.9');
    expect(textOf(<PriceTag price={9.9} points={0} />)).toBe('￥9.9');
    expect(textOf(<PriceTag price={0} points={30} />)).toBe('30积分');
    expect(textOf(<PriceTag price={12} points={30} />)).toBe('￥12+30积分');
    expect(textOf(<PriceTag price={0} />)).toBe('免费');
    expect(textOf(<PriceTag price={0} points={0} />)).toBe('免费');
  });
});
