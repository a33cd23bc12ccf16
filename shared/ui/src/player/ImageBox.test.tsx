import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { resetScreen } from '../testing';
import { DEFAULT_COVER, ImageBox } from './ImageBox';

describe('ImageBox', () => {
  afterEach(resetScreen);

  it('loads a real cover lazily; the drawn default cover, which costs no download, paints at once', () => {
    render(<ImageBox src="/files/cover.png" alt="课程封面" />);
    expect(screen.getByAltText('课程封面').getAttribute('loading')).toBe('lazy');
    resetScreen();
    render(<ImageBox alt="无封面" />);
    const drawn = screen.getByAltText('无封面');
    expect(drawn.getAttribute('src')).toBe(DEFAULT_COVER);
    expect(drawn.hasAttribute('loading')).toBe(false);
  });

  it('falls back to the default cover when the cover fails to load', () => {
    render(<ImageBox src="/files/missing.png" alt="坏封面" />);
    fireEvent.error(screen.getByAltText('坏封面'));
    expect(screen.getByAltText('坏封面').getAttribute('src')).toBe(DEFAULT_COVER);
  });
});
