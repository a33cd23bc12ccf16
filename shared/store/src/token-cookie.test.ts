import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { clearToken, setToken } from '@exam/api';

/** What the page writes into document.cookie (attributes included, which reading it back never shows). */
const written: string[] = [];
let restore: () => void;
beforeAll(() => {
  let proto: object | null = document;
  while (proto && !Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
  const cookie = Object.getOwnPropertyDescriptor(proto!, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookie.get!.call(document),
    set: (v: string) => {
      written.push(v);
      cookie.set!.call(document, v);
    },
  });
  restore = () => delete (document as unknown as Record<string, unknown>).cookie;
});
afterAll(() => restore());
afterEach(() => {
  written.length = 0;
});

const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);

describe('the token cookie', () => {
  it('is SameSite=Strict, and not Secure on a plain-http page (it would not be kept)', () => {
    setUrl('http://localhost:8080/');
    setToken('t-1');
    expect(written.at(-1)).toMatch(/^token=t-1;/);
    expect(written.at(-1)).toMatch(/samesite=strict/i);
    expect(written.at(-1)).not.toMatch(/secure/i);
  });

  it('is Secure on an https page', () => {
    setUrl('https://exam.example.com/');
    setToken('t-2');
    expect(written.at(-1)).toMatch(/samesite=strict/i);
    expect(written.at(-1)).toMatch(/;\s*secure/i);
    clearToken();
    setUrl('http://localhost:8080/');
  });
});
