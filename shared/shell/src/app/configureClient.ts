import { Message } from '@arco-design/web-react';
import { configureClientWith } from './clientConfig';

/** The API client as every page of a shell uses it: errors as messages, an expired session back to login. */
export function configureClient(apiBase: string, basename: string) {
  // One notice however many calls wait (the same id is updated, not stacked).
  configureClientWith(
    apiBase,
    basename,
    (msg) => Message.error(msg),
    (msg) => Message.info({ id: 'server-busy', content: msg, duration: 4000 }),
  );
}
