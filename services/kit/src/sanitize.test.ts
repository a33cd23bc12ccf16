import { describe, expect, it } from '@rstest/core';
import { richTextToPlain, sanitizeRichText } from './sanitize';

describe('rich text sanitizer', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<p style="text-align: center">题干<strong>加粗</strong><img src="/api/common/file/a.png" alt="图"></p><ul><li>一</li></ul>';
    expect(sanitizeRichText(html)).toBe(
      '<p style="text-align:center">题干<strong>加粗</strong><img src="/api/common/file/a.png" alt="图" /></p><ul><li>一</li></ul>',
    );
  });

  it('drops scripts, event handlers, frames and javascript links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">a<script>alert(1)</script></p><iframe src="//evil"></iframe><a href="javascript:alert(1)">b</a><img src=x onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|iframe|javascript/i);
    expect(out).toContain('<p>a</p>');
  });

  it('keeps only harmless styles', () => {
    expect(sanitizeRichText('<span style="color: #ff0000; position: fixed; background-image: url(x)">x</span>')).toBe(
      '<span style="color:#ff0000">x</span>',
    );
  });

  it('gives plain text for previews', () => {
    expect(richTextToPlain('<p>一&nbsp;二</p><p>三</p>')).toBe('一 二三');
    expect(richTextToPlain(null)).toBe('');
  });
});
