import { describe, expect, it } from '@rstest/core';
import { hasPermission } from './index';

describe('hasPermission (spec admin §6)', () => {
  const held = ['sys:user:add', 'exam:add'];

  it('passes when the user holds any listed code', () => {
    expect(hasPermission(held, ['course:add', 'exam:add'])).toBe(true);
  });

  it('fails when none is held', () => {
    expect(hasPermission(held, ['course:add'])).toBe(false);
    expect(hasPermission([], ['exam:add'])).toBe(false);
  });

  it('an empty list never passes', () => {
    expect(hasPermission(held, [])).toBe(false);
  });
});
