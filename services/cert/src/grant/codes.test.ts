import { describe, expect, it } from '@rstest/core';
import { certNumber, maskName, newCertCode, normalizeCode } from './codes';

describe('certificate codes, numbers and masked names', () => {
  it('codes are 26 base32 characters of 128 random bits, never repeated', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCertCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('a typed code is read in any case; anything else is no code', () => {
    const c = newCertCode();
    expect(normalizeCode(` ${c.toLowerCase()} `)).toBe(c);
    expect(normalizeCode('1')).toBeNull();
    expect(normalizeCode(`${c.slice(0, 25)}U`)).toBeNull();
    expect(normalizeCode("' or 1=1 --")).toBeNull();
  });

  it('masks all but the first and last character', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('欧阳小明')).toBe('欧**明');
    expect(maskName('王')).toBe('*');
  });

  it('numbers: prefix, year when wanted, the sequence padded', () => {
    expect(certNumber({ numPrefix: 'AQ-', numYear: true, numDigits: 6 }, 12, '2026')).toBe('AQ-2026000012');
    expect(certNumber({ numPrefix: '', numYear: false, numDigits: 3 }, 1234, '2026')).toBe('1234');
  });
});
