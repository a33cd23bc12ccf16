import { useDeferredValue, useMemo } from 'react';
import { Button } from '@arco-design/web-react';
import { type RouteObject, useRoutes } from '@exam/router';
import { selectRoutes, useAppSelector } from '@exam/store';
import { CurrentRouteContext } from './CurrentRoute';
import { ErrorResult } from '@exam/ui';
import { ViewLoading } from '../federation/ViewLoading';
import { NETWORK_LOST_MSG } from '../guard/access';
import { useAccessGuard } from '../guard/useAccessGuard';
import { useNavigationEffects } from '../guard/useNavigationEffects';
import { buildRoutes, type Layouts } from '../routes/buildRoutes';
import { fixedRoutes, notFoundRoute } from '../routes/fixedRoutes';

// Drawn without a chunk to fetch: the network is what failed.
const NetworkLost = () => (
  <ErrorResult
    title={NETWORK_LOST_MSG}
    extra={
      <Button type="primary" onClick={() => location.reload()}>
        刷新页面
      </Button>
    }
  />
);

const NONE: RouteObject[] = [];

/** Fixed routes plus the signed-in user's menu routes, behind the access guard. */
export function ShellRoutes({ layouts, own = NONE }: { layouts: Layouts; own?: RouteObject[] }) {
  // Deferred: the user and menus arrive through the store, whose updates React renders in one piece; the layout and
  // first view they let in are the largest render of a load, and drawn as a deferred update it is done in slices
  // that leave the page responsive (one long task of several hundred ms on a phone otherwise).
  const menu = useDeferredValue(useAppSelector(selectRoutes));
  const routes = useMemo(
    () => [...fixedRoutes, ...own, ...buildRoutes(menu, layouts), notFoundRoute],
    [menu, layouts, own],
  );
  const allowed = useDeferredValue(useAccessGuard());
  const handle = useNavigationEffects(routes);
  const page = useRoutes(routes);
  if (allowed === 'failed') return <NetworkLost />;
  if (!allowed) return <ViewLoading />;
  return <CurrentRouteContext.Provider value={handle}>{page}</CurrentRouteContext.Provider>;
}
