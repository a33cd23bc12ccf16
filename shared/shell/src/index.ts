export { startShell, type ShellOptions } from './app/startShell';
export { A11Y_COMPONENT_CONFIG } from './app/a11y';
export { ShellContext, useShell, type ShellInfo, type Terminal } from './app/ShellContext';
export { loadRuntimeConfig, parseRuntimeConfig, type RuntimeConfig } from './config/runtimeConfig';
export {
  registerRemotes,
  loadViewMap,
  forgetRemote,
  type FirstCalls,
  type ViewMap,
  type ViewModule,
} from './federation/remotes';
export { resolveView } from './federation/resolveView';
export { ViewLoading } from './federation/ViewLoading';
export { parseViewKey, type ViewKey } from './federation/viewKey';
export { ViewNotFound } from './federation/ViewNotFound';
export { buildRoutes, type Layouts, type RouteHandle } from './routes/buildRoutes';
export {
  activeMenuKey,
  affixRoutes,
  indexPath,
  joinPath,
  layoutMenu,
  menuTree,
  pathOfName,
  LAYOUT,
  WEB_LAYOUT,
  type MenuEntry,
} from './routes/paths';
export {
  decideNavigation,
  isVisitorPath,
  loginUrl,
  redirectAfterLogin,
  refusesAccess,
  LOGIN_PATH,
  NO_ACCESS_MSG,
  NETWORK_LOST_MSG,
  ADMIN_ROLE_TYPE,
} from './guard/access';
export { matchedHandle } from './guard/useNavigationEffects';
export { applyExamCacheRule, EXAM_CACHE_KEY } from './guard/examCache';
export { LoginPage } from './login/LoginPage';
export { SiteCopyright } from './login/SiteCopyright';
export { useLogout } from './app/useLogout';
export { useUnreadPolling } from './app/useUnreadPolling';
export { UnreadBadge } from './app/UnreadBadge';
export { useCurrentRoute } from './app/CurrentRoute';
