import { Message } from '@arco-design/web-react';
import { configureApi } from '@exam/api';
import { resetSession, store } from '@exam/store';
import { LOGIN_PATH, loginUrl } from '../guard/access';

/** Path inside this shell, for the login redirect parameter. */
const pathInApp = (basename: string) => {
  const path = location.pathname.startsWith(basename) ? location.pathname.slice(basename.length) : location.pathname;
  return (path || '/') + location.search;
};

/** The API client as every page of a shell uses it: errors as messages, an expired session back to login. */
export function configureClient(apiBase: string, basename: string) {
  configureApi({
    baseUrl: apiBase,
    notify: (msg) => Message.error(msg),
    onAuthExpired: () => {
      store.dispatch(resetSession());
      // Already on the login page: stay, the form shows the error.
      if (location.pathname.startsWith(basename + LOGIN_PATH)) return;
      location.href = basename + loginUrl(pathInApp(basename));
    },
    onLicense: () => {
      location.href = `${basename}/license`;
    },
  });
}
