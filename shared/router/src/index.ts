/**
 * The part of react-router the front ends use, and the only way they import it. This module is what Module
 * Federation shares (one router context for the host and every remote): shared whole, react-router would
 * send all of itself (data routers, server rendering, 65 KB gzip) to every page; through this list the
 * build keeps what is named here (about 16 KB). A name missing here is added here, never imported directly
 * (lint forbids `react-router` elsewhere).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { RouteObject } from 'react-router';
