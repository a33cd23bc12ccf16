import { describe, expect, it } from '@rstest/core';
import { localPathOf } from './local-path';

describe('localPathOf: a redirect is followed only when it stays on the site', () => {
  it('keeps paths of the site, with their query and hash', () => {
    expect(localPathOf('/pages/exam')).toBe('/pages/exam');
    expect(localPathOf('/pages/exam/list?tab=2#top')).toBe('/pages/exam/list?tab=2#top');
    expect(localPathOf('/a/../pages/notice')).toBe('/pages/notice');
  });

  it('refuses every way of naming another site, as a browser would read it', () => {
    const hostile = [
      '//evil.example/phish',
      '/\t/evil.example/phish',
      '/%09/evil.example',
      '/\n/evil.example',
      '/\\evil.example/x',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /x',
      'evil.example',
      '',
      '/\r/evil.example',
      '/\\/evil.example',
    ];
    for (const v of hostile) {
      const path = localPathOf(v);
      // Either refused, or (an escaped tab stays text) a path that a browser keeps on the site.
      if (path !== null) expect(new URL(path, 'https://exam.example').origin).toBe('https://exam.example');
    }
    expect(localPathOf('/\t/evil.example/phish')).toBeNull();
    expect(localPathOf('//evil.example')).toBeNull();
    expect(localPathOf('/\\evil.example')).toBeNull();
    expect(localPathOf(null)).toBeNull();
  });
});
