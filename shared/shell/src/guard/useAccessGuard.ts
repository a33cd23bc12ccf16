import { useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useLocation, useNavigate } from '@exam/router';
import { Code } from '@exam/api';
import {
  fetchInfo,
  fetchRoutes,
  resetSession,
  selectIsSignedIn,
  selectRoutes,
  selectSession,
  useAppDispatch,
  useAppSelector,
} from '@exam/store';
import { useShell } from '../app/ShellContext';
import { decideNavigation, loginUrl, NETWORK_LOST_MSG, NO_ACCESS_MSG, refusesAccess } from './access';

const isAuthError = (e: unknown) => Number((e as { code?: unknown })?.code) === Code.NOT_SIGNED_IN;

/**
 * The navigation guard of spec admin §2. Decides in render (so a protected page never flashes
 * for a visitor) and carries out redirects and the role/route load in an effect.
 * Returns whether the page may render, or 'failed' when the user info could not be loaded.
 */
export function useAccessGuard(): boolean | 'failed' {
  const { terminal } = useShell();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const routes = useAppSelector(selectRoutes);
  const routesLoaded = useAppSelector((s) => selectSession(s).routesLoaded);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);

  const fullPath = pathname + search;
  const decision = decideNavigation({ path: pathname, fullPath, signedIn, routesLoaded, routes });
  const target = decision.kind === 'redirect' ? decision.to : '';

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  useEffect(() => {
    if (decision.kind !== 'load' || loading.current || failed) return;
    loading.current = true;
    (async () => {
      try {
        // Asked together: neither needs the other's answer, and the first view waits for both.
        const [user, loaded] = await Promise.all([
          dispatch(fetchInfo()).unwrap(),
          dispatch(fetchRoutes(terminal)).unwrap(),
        ]);
        if (refusesAccess(loaded, user?.roleType, terminal)) {
          Message.error(NO_ACCESS_MSG);
          dispatch(resetSession()); // also drops the token cookie
          navigate(loginUrl(fullPath), { replace: true });
        }
      } catch (e) {
        // An expired token is handled by the API client (back to login); anything else is the network.
        if (!isAuthError(e)) {
          Message.error({ content: NETWORK_LOST_MSG, duration: 5000 });
          setFailed(true);
        }
      } finally {
        loading.current = false;
      }
    })();
  }, [decision.kind, failed, dispatch, navigate, terminal, fullPath]);

  if (failed && decision.kind === 'load') return 'failed';
  return decision.kind === 'allow';
}
