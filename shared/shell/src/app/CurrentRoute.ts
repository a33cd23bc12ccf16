import { createContext, useContext } from 'react';
import type { RouteHandle } from '../routes/buildRoutes';

/**
 * The handle (name, title, affix) of the route on screen. `useRoutes` has no `useMatches`, so the
 * shell matches once and hands the result down to layouts (tags view, breadcrumbs).
 */
export const CurrentRouteContext = createContext<RouteHandle | undefined>(undefined);
export const useCurrentRoute = () => useContext(CurrentRouteContext);
