import { describe, expect, it } from '@rstest/core';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names the file in UTF-8 (RFC 5987) with an ASCII fallback', () => {
    expect(attachmentDisposition('成绩单.xlsx')).toBe(
      `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('成绩单')}.xlsx`,
    );
    expect(attachmentDisposition('report 2026.pdf')).toBe(
      `attachment; filename="report 2026.pdf"; filename*=UTF-8''report%202026.pdf`,
    );
  });

  it('keeps quotes, backslashes, line breaks and attr-char outsiders out of the header', () => {
    expect(attachmentDisposition('a"b\\c\r\nd\'(e)*.txt')).toBe(
      `attachment; filename="a_b_c_d'(e)*.txt"; filename*=UTF-8''a%22b%5Cc%0D%0Ad%27%28e%29%2A.txt`,
    );
  });
});
