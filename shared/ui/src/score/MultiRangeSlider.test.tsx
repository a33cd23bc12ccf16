import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import { MultiRangeSlider } from '../index';
import { renderWithStore, resetScreen } from '../testing';

afterEach(resetScreen);

describe('MultiRangeSlider', () => {
  it('shows the bands and reads typed ones (; or ；), merging overlaps', () => {
    const onChange = rs.fn();
    renderWithStore(<MultiRangeSlider value={[[0, 59]]} onChange={onChange} max={100} />);
    const box = screen.getByLabelText('分数段') as HTMLInputElement;
    expect(box.value).toBe('0~59');
    fireEvent.change(box, { target: { value: '50~70；0~59;90~100' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith([
      [0, 70],
      [90, 100],
    ]);
  });

  it('refuses a non-numeric value or one above max with the message, without changing the bands', () => {
    const onChange = rs.fn();
    renderWithStore(<MultiRangeSlider value={[]} onChange={onChange} max={100} />);
    const box = screen.getByLabelText('分数段');
    fireEvent.change(box, { target: { value: '0~abc' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(screen.getByText('分数段【0~abc】格式不正确，应为数字~数字！')).toBeTruthy();
    fireEvent.change(box, { target: { value: '0~120' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(screen.getByText('分数段【0~120】超出范围，应在0~100之间！')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('adds the dragged band and removes a band by its tag', () => {
    const onChange = rs.fn();
    const { container } = renderWithStore(
      <MultiRangeSlider
        value={[
          [0, 59],
          [60, 100],
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByText('添加 0~300'));
    expect(onChange).toHaveBeenLastCalledWith([[0, 300]]);
    fireEvent.click(container.querySelectorAll('.arco-tag-close-btn')[0]);
    expect(onChange).toHaveBeenLastCalledWith([[60, 100]]);
  });
});
