import type { ByteRange } from '@exam/server-kit';

/**
 * One HTTP Range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against a file of `size` bytes: the inclusive
 * range to send, 'unsatisfiable' (answer 416), or null to send the whole file (no header, another unit,
 * several ranges or a malformed header: RFC 9110 lets a server ignore those).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
