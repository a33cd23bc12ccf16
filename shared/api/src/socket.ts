import { WS_TOKEN_PROTOCOL } from '@exam/contracts';
import { apiConfig } from './config';
import { getToken } from './token';

/**
 * Opens a websocket to an API socket path (a contract's) of this site, signed in: the token travels in the
 * `Sec-WebSocket-Protocol` header, never in the URL (docs/decisions.md "Sessions").
 */
export function openSocket(path: string): WebSocket {
  const base = new URL(apiConfig.baseUrl || '/', location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const url = new URL(path, base);
  const token = getToken();
  return new WebSocket(url, token ? [WS_TOKEN_PROTOCOL, token] : [WS_TOKEN_PROTOCOL]);
}
