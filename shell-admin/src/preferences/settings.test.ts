import { describe, expect, it } from '@rstest/core';
import { DEFAULT_SETTINGS, applyThemeColor } from './settings';

/** A stand-in for document.body.style: the custom properties set on it. */
const fakeStyle = () => {
  const props = new Map<string, string>();
  return {
    props,
    setProperty: (k: string, v: string) => void props.set(k, v),
    removeProperty: (k: string) => (props.delete(k), ''),
  };
};

describe('applyThemeColor', () => {
  it('sets the ten shades of another colour, its own at shade 6', async () => {
    const style = fakeStyle();
    await applyThemeColor('#F53F3F', style);
    expect(style.props.size).toBe(10);
    expect(style.props.get('--arcoblue-6')).toBe('245,63,63');
  });

  it("goes back to Arco's own palette for the default colour, without the palette library", async () => {
    const style = fakeStyle();
    await applyThemeColor('#00B42A', style);
    await applyThemeColor(DEFAULT_SETTINGS.themeColor.toLowerCase(), style);
    expect(style.props.size).toBe(0);
  });

  it('keeps the last choice when an earlier one is still loading', async () => {
    const style = fakeStyle();
    const first = applyThemeColor('#00B42A', style); // waits for the library
    await applyThemeColor(DEFAULT_SETTINGS.themeColor, style); // done at once
    await first;
    expect(style.props.size).toBe(0);
  });
});
