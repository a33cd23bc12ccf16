import {
  createAsyncThunk,
  createSlice,
  isRejectedWithValue,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { ApiError, call, clearToken, getToken, setToken } from '@exam/api';
import {
  Calls,
  Code,
  SITE_CONFIG_ID,
  type LoginReq,
  type PublicSiteData,
  type RouteNode,
  type UserInfo,
} from '@exam/contracts';

export interface SessionState {
  token: string;
  user: UserInfo | null;
  roles: string[];
  permissions: string[];
  routes: RouteNode[];
  routesLoaded: boolean;
  site: PublicSiteData | null;
  /** The site call has answered (or failed): the site switches are known, or will not come. */
  siteLoaded: boolean;
  unread: number;
}

/** What a rejected thunk carries (`unwrap()` throws it): a plain copy of the ApiError. */
export interface RejectedCall {
  name: 'ApiError';
  code: number;
  msg: string;
  message: string;
  status: number;
}

const toRejected = (e: unknown): RejectedCall =>
  e instanceof ApiError
    ? { name: 'ApiError', code: e.code, msg: e.msg, message: e.msg, status: e.status }
    : { name: 'ApiError', code: -1, msg: String(e), message: String(e), status: 0 };

/** A thunk around one server call; failures become a serializable RejectedCall. */
const thunk = <Result, Arg = void>(type: string, run: (arg: Arg) => Promise<Result>) =>
  createAsyncThunk<Result, Arg, { rejectValue: RejectedCall }>(type, async (arg, { rejectWithValue }) => {
    try {
      return await run(arg);
    } catch (e) {
      return rejectWithValue(toRejected(e));
    }
  });

// Silent: the login page shows its errors inline (and reacts to the captcha codes).
export const login = thunk('session/login', async (req: LoginReq) => {
  const res = await call(Calls.login, req, { silent: true });
  setToken(res.token);
  return res;
});
export const fetchInfo = thunk('session/fetchInfo', () => call(Calls.info, {}));
export const fetchRoutes = thunk('session/fetchRoutes', (terminal: 'admin' | 'web') =>
  call(Calls.routes, { terminal }),
);
export const fetchSite = thunk('session/fetchSite', () => call(Calls.siteDetail, { id: SITE_CONFIG_ID }));
// Polled in the background: a failure must not pop up every 30 s.
export const fetchUnread = thunk('session/fetchUnread', () => call(Calls.countUnread, {}, { silent: true }));
export const logout = createAsyncThunk('session/logout', async () => {
  // The local session ends even when the server cannot be told.
  await call(Calls.logout, {}, { silent: true }).catch(() => undefined);
  clearToken();
});

const signedOut = (state: SessionState) => {
  state.token = '';
  state.user = null;
  state.roles = [];
  state.permissions = [];
  state.routes = [];
  state.routesLoaded = false;
  state.unread = 0;
};

const initialState = (): SessionState => ({
  token: getToken(),
  user: null,
  roles: [],
  permissions: [],
  routes: [],
  routesLoaded: false,
  site: null,
  siteLoaded: false,
  unread: 0,
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionReset: signedOut,
    setUnread: (state, action: PayloadAction<number>) => {
      state.unread = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.fulfilled, (state, { payload }) => {
        state.token = payload.token;
      })
      .addCase(fetchInfo.fulfilled, (state, { payload: user }) => {
        state.user = user;
        state.roles = user.roles;
        state.permissions = user.permissions;
        state.unread = user.unreadMsg;
      })
      .addCase(fetchRoutes.fulfilled, (state, { payload }) => {
        state.routes = payload;
        state.routesLoaded = true;
      })
      .addCase(fetchSite.fulfilled, (state, { payload }) => {
        state.site = payload;
        state.siteLoaded = true;
      })
      .addCase(fetchSite.rejected, (state) => {
        state.siteLoaded = true;
      })
      .addCase(fetchUnread.fulfilled, (state, { payload }) => {
        state.unread = payload;
      })
      .addCase(logout.fulfilled, signedOut)
      // The client already dropped the cookie of an expired session; drop the state with it.
      .addMatcher(
        (action) => isRejectedWithValue(action) && (action.payload as RejectedCall).code === Code.NOT_SIGNED_IN,
        signedOut,
      );
  },
});

export const { setUnread } = sessionSlice.actions;

/** Signs out locally: the cookie goes (a side effect, hence a thunk) and the session state resets. */
export const resetSession = (): ThunkAction<void, unknown, unknown, UnknownAction> => (dispatch) => {
  clearToken();
  dispatch(sessionSlice.actions.sessionReset());
};

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession) => state.session;
export const selectUser = (state: WithSession) => state.session.user;
export const selectPermissions = (state: WithSession) => state.session.permissions;
export const selectRoutes = (state: WithSession) => state.session.routes;
export const selectSite = (state: WithSession) => state.session.site;
export const selectSiteLoaded = (state: WithSession) => state.session.siteLoaded;
export const selectUnread = (state: WithSession) => state.session.unread;
export const selectIsSignedIn = (state: WithSession) => state.session.token !== '';
