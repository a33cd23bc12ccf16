import { describe, expect, it } from '@rstest/core';
import { cjkGlyphs } from './cjk-glyphs';

describe('CJK glyph outlines for PDFs', () => {
  it('draws Chinese and Latin characters from the machine’s Noto CJK font; none for a character it lacks', async () => {
    const glyphs = await cjkGlyphs();
    expect(glyphs).not.toBeNull();
    const zhang = glyphs!('张');
    expect(zhang).toMatchObject({ width: 1000, path: expect.stringMatching(/ m\n[\s\S]* c\n/) });
    expect(glyphs!('A')!.width).toBeLessThan(1000);
    expect(glyphs!('\u{10FFFD}')).toBeNull();
    // A second source of the same font answers from the same cache.
    expect((await cjkGlyphs())!('张')).toEqual(zhang);
  });

  it('no font at the given places: null', async () => {
    expect(await cjkGlyphs(['/nonexistent/font.ttc'])).toBeNull();
  });
});
