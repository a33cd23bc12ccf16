/**
 * The automatic part of real-name review (faceAudit 'auto'): an 18-digit number must carry a valid
 * GB 11643 check digit and a real birth date; a 15-digit (pre-1999) number a real birth date.
 * Returns the reason it fails, or undefined.
 */
export function autoCheckIdCard(idCard: string): string | undefined {
  const id = idCard.toUpperCase();
  const birth = id.length === 18 ? id.slice(6, 14) : `19${id.slice(6, 12)}`;
  const y = Number(birth.slice(0, 4));
  const m = Number(birth.slice(4, 6));
  const d = Number(birth.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== m - 1 ||
    date.getUTCDate() !== d ||
    date.getTime() > Date.now() ||
    y < 1900
  ) {
    return '身份证号码中的出生日期无效！';
  }
  if (id.length === 18) {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0);
    if ('10X98765432'[sum % 11] !== id[17]) return '身份证号码校验位不正确！';
  }
  return undefined;
}

/** Shows only the first 3 and last 4 characters of an ID number. */
export const maskIdCard = (id: string) =>
  id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : id;
