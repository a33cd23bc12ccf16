// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes, type RouteObject } from '@exam/router';
import { selectIsSignedIn, store } from '@exam/store';
import { configureClient } from '../app/configureClient';
import { ShellContext, type Terminal } from '../app/ShellContext';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { isVisitorPath, LOGIN_PATH } from '../guard/access';
import { useNavigationEffects } from '../guard/useNavigationEffects';
import { loginRouteWith } from '../routes/loginRoute';
import { LoginPage } from './LoginPage';

/** Any path but the login pages belongs to the shell proper: a full load fetches it (and its federation runtime). */
function LeaveForShell() {
  useEffect(() => {
    location.replace(location.href);
  }, []);
  return null;
}

const routes: RouteObject[] = [loginRouteWith(<LoginPage />), { path: '*', element: <LeaveForShell /> }];

function LoginPages() {
  useNavigationEffects(routes);
  return useRoutes(routes);
}

/**
 * The login pages as an entry of their own (served for a first visit to /pages/login/*): no federation runtime,
 * no layouts, no remotes, only what signing in needs, so the first page a phone opens is light. Once signed in,
 * the next page is a full load of the shell, whose router has the same login routes for in-app visits.
 */
export async function startLoginPage({ terminal, basename }: { terminal: Terminal; basename: string }) {
  const path = location.pathname.slice(basename.length);
  // Signed in already (the shell's guard would send them on): the shell decides where to.
  if (selectIsSignedIn(store.getState()) && (path === LOGIN_PATH || !isVisitorPath(path))) {
    location.replace(`${basename}/`);
    return;
  }
  const root = createRoot(document.getElementById('root')!);
  try {
    configureClient((await loadRuntimeConfig()).apiBase, basename);
  } catch (e) {
    root.render(<p role="alert">无法读取运行配置：{String(e)}</p>);
    return;
  }
  root.render(
    <StrictMode>
      <Provider store={store}>
        <ShellContext.Provider value={{ terminal, basename, loginEntry: true }}>
          <BrowserRouter basename={basename || undefined}>
            <LoginPages />
          </BrowserRouter>
        </ShellContext.Provider>
      </Provider>
    </StrictMode>,
  );
}
