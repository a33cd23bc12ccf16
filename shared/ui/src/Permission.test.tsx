import { afterEach, describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import { Permission } from './index';
import { grant, renderWithStore, resetScreen } from './testing';

describe('Permission', () => {
  afterEach(resetScreen);

  it('renders children for a holder of any listed code', () => {
    grant(['exam:add']);
    renderWithStore(<Permission codes={['course:add', 'exam:add']}>新建考试</Permission>);
    expect(screen.getByText('新建考试')).toBeTruthy();
  });

  it('renders nothing without the permission', () => {
    grant(['repo:list']);
    renderWithStore(<Permission codes={['exam:add']}>新建考试</Permission>);
    expect(screen.queryByText('新建考试')).toBeNull();
  });

  it('throws 无相关权限！ for an empty list', () => {
    grant(['exam:add']);
    const silenced = console.error;
    console.error = () => {}; // React reports the thrown render error; expected here
    try {
      expect(() => renderWithStore(<Permission codes={[]}>x</Permission>)).toThrow('无相关权限！');
    } finally {
      console.error = silenced;
    }
  });
});
