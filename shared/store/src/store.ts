import { combineSlices, configureStore, createListenerMiddleware, isAnyOf, type Reducer } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { login, logout, sessionSlice } from './session';

/**
 * Slices that remotes inject at run time. A remote declares its own:
 *   declare module '@exam/store' { interface LazyLoadedSlices { exam: ExamState } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

// The RTK Query slice is static: endpoints are injected later, the reducer and middleware once here.
const rootReducer = combineSlices(sessionSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

// Cached replies belong to the user who fetched them: a sign-in or sign-out drops them all.
const sessionChange = createListenerMiddleware();
sessionChange.startListening({
  matcher: isAnyOf(login.fulfilled, logout.fulfilled, sessionSlice.actions.sessionReset),
  effect: (action, { dispatch, getOriginalState }) => {
    // A reset of a session already gone changes nothing; dropping the cache again would make the mounted views ask
    // again, be refused again and reset again, without end.
    const { session } = getOriginalState() as RootState;
    if (sessionSlice.actions.sessionReset.match(action) && !session.token && !session.user) return;
    dispatch(api.util.resetApiState());
  },
});

/** The one store of the page; host and remotes share it (Module Federation singleton). */
export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().prepend(sessionChange.middleware).concat(api.middleware),
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Adds a remote's reducer under `key` (a no-op when it is already there). */
export function injectReducer(key: string, reducer: Reducer): void {
  rootReducer.inject({ reducerPath: key, reducer });
  // The new slice's state exists only after an action runs through the reducer.
  store.dispatch({ type: `@@exam/inject/${key}` });
}
