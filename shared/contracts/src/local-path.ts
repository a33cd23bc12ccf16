/** A base no real origin can have: what a value resolves against to tell whether it leaves the site. */
const BASE = 'http://local.invalid';

/**
 * The path (with query and hash) a redirect value leads to when it stays on this site, else null.
 * Parsed as a browser parses it (WHATWG URL): tabs and newlines are dropped, `\` is `/`, so `/\t/evil.example`
 * and `/\evil.example` are the other sites they are, not paths. Server and shells use this one check.
 */
export function localPathOf(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  try {
    const u = new URL(value, BASE);
    return u.origin === BASE ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}
