import { configureApi } from '@exam/api';
import { resetSession, store } from '@exam/store';
import { LOGIN_PATH, loginUrl } from '../guard/access';

// No Arco here: a shell's entry configures the client with this before the shell's other modules have loaded.

/** Path inside this shell, for the login redirect parameter. */
const pathInApp = (basename: string) => {
  const path = location.pathname.startsWith(basename) ? location.pathname.slice(basename.length) : location.pathname;
  return (path || '/') + location.search;
};

/** The API client of a shell with the way errors are shown given: an expired session goes back to login. */
export function configureClientWith(
  apiBase: string,
  basename: string,
  notify: (msg: string) => void,
  inform: (msg: string) => void = () => undefined,
) {
  configureApi({
    baseUrl: apiBase,
    notify,
    onBusy: inform,
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
