import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { resetScreen } from '../testing';
import { BATTLE_COVER, COVERS, DEFAULT_COVER, EXAM_COVER, ImageBox, REPO_COVER, coverColumn } from './ImageBox';

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

  it("draws each kind its own default: exams an answer sheet, banks question cards, not the course's video", () => {
    expect(new Set(Object.values(COVERS)).size).toBe(4);
    for (const c of [EXAM_COVER, REPO_COVER, BATTLE_COVER])
      expect(decodeURIComponent(c)).not.toContain('M153 73l16 10-16 10z'); // the play mark
    render(
      <>
        <ImageBox alt="考试" kind="exam" />
        <ImageBox alt="题库" kind="repo" src="/files/gone.png" />
      </>,
    );
    expect(screen.getByAltText('考试').getAttribute('src')).toBe(EXAM_COVER);
    fireEvent.error(screen.getByAltText('题库'));
    expect(screen.getByAltText('题库').getAttribute('src')).toBe(REPO_COVER);
    resetScreen();
    const { container } = render(<>{coverColumn<{ cover: string }>('exam').render!('', { cover: '' }, 0)}</>);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(EXAM_COVER);
  });

  it('falls back to the default cover when the cover fails to load', () => {
    render(<ImageBox src="/files/missing.png" alt="坏封面" />);
    fireEvent.error(screen.getByAltText('坏封面'));
    expect(screen.getByAltText('坏封面').getAttribute('src')).toBe(DEFAULT_COVER);
  });
});
