export {
  store,
  injectReducer,
  useAppDispatch,
  useAppSelector,
  type RootState,
  type AppDispatch,
  type LazyLoadedSlices,
} from './store';
export {
  sessionSlice,
  login,
  fetchInfo,
  fetchRoutes,
  fetchSite,
  fetchUnread,
  logout,
  resetSession,
  setUnread,
  selectSession,
  selectUser,
  selectPermissions,
  selectRoutes,
  selectSite,
  selectSiteLoaded,
  selectUnread,
  selectIsSignedIn,
  type SessionState,
  type RejectedCall,
} from './session';
export { hasPermission, usePermission } from './permission';
export { startUnreadPolling, UNREAD_POLL_MS } from './polling';
export {
  api,
  skipToken,
  callBaseQuery,
  queryCall,
  mutationCall,
  errorMessage,
  type CallArgs,
  type CallError,
  type CallBaseQuery,
  type CallBuilder,
} from './api';
export { contentShown, useAfterContent } from './afterContent';
