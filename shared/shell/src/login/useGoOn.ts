import { useCallback } from 'react';
import { useLocation, useNavigate } from '@exam/router';
import { useShell } from '../app/ShellContext';
import { redirectAfterLogin } from '../guard/access';

/**
 * After signing in: on to the saved redirect. Inside the shell that is a route change; on the login entry
 * (login.html, no shell loaded) it is a full load of the shell, started at once rather than after the router
 * has already shown the new address.
 */
export function useGoOnAfterSignIn(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { basename, loginEntry } = useShell();
  return useCallback(() => {
    const to = redirectAfterLogin(search);
    if (loginEntry) location.replace(basename + to);
    else navigate(to, { replace: true });
  }, [navigate, search, basename, loginEntry]);
}
