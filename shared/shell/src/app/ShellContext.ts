import { createContext, useContext } from 'react';

export type Terminal = 'admin' | 'web';

export interface ShellInfo {
  /** Which menu tree this shell asks for (the `terminal` of the Calls.routes request). */
  terminal: Terminal;
  /** Router basename: '' for the learner shell, '/admin' for the admin shell. */
  basename: string;
  /** Rendered by the login entry (login.html): any page outside the login pages is a full load of the shell. */
  loginEntry?: boolean;
}

export const ShellContext = createContext<ShellInfo>({ terminal: 'web', basename: '' });
export const useShell = () => useContext(ShellContext);
