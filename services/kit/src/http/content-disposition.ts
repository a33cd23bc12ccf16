/**
 * `Content-Disposition: attachment` for a file name that may be Chinese: RFC 5987 `filename*` (UTF-8,
 * percent-encoded) for every current browser, and an ASCII `filename` for old ones (what is not printable
 * ASCII, and the quote and backslash, become `_`).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]+|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
