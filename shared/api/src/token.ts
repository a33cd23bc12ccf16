import Cookies from 'js-cookie';

/** The session cookie's name, also the header every call carries it in (client.ts). */
export const TOKEN_KEY = 'token';

// Node (unit tests, scripts) has no document.cookie; keep the token in memory there.
let memoryToken = '';
const hasCookies = () => typeof document !== 'undefined';

/** The session token, '' when signed out. Kept in a cookie as the spec says (admin §9). */
export function getToken(): string {
  return hasCookies() ? (Cookies.get(TOKEN_KEY) ?? '') : memoryToken;
}

export function setToken(token: string): void {
  // Strict: no other site's page or link carries it; Secure wherever the page itself is https.
  if (hasCookies())
    Cookies.set(TOKEN_KEY, token, { path: '/', sameSite: 'strict', secure: location.protocol === 'https:' });
  else memoryToken = token;
}

export function clearToken(): void {
  if (hasCookies()) Cookies.remove(TOKEN_KEY, { path: '/' });
  else memoryToken = '';
}
