import { Message } from '@arco-design/web-react';
import { configureClientWith } from './clientConfig';

/** The API client as every page of a shell uses it: errors as messages, an expired session back to login. */
export function configureClient(apiBase: string, basename: string) {
  configureClientWith(apiBase, basename, (msg) => Message.error(msg));
}
