// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from '@arco-design/web-react';
import { Provider } from 'react-redux';
import { BrowserRouter, type RouteObject } from '@exam/router';
import { store } from '@exam/store';
import { ErrorResult } from '@exam/ui';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { registerRemotes } from '../federation/remotes';
import type { Layouts } from '../routes/buildRoutes';
import { A11Y_COMPONENT_CONFIG } from './a11y';
import './a11y.css';
import './tables.css';
import './dialogs.css';
import { configureClient } from './configureClient';
import { ShellContext, type Terminal } from './ShellContext';
import { ShellRoutes } from './ShellRoutes';

export interface ShellOptions {
  terminal: Terminal;
  /** Router basename: '' for the learner shell, '/admin' for the admin shell. */
  basename: string;
  layouts: Layouts;
  /** This shell's own fixed routes (e.g. the admin's /profile, the learner's /exam), after the shared ones. */
  routes?: RouteObject[];
}

/** Boots a shell: runtime config, API client, remotes (all at run time), then the app. */
export async function startShell({ terminal, basename, layouts, routes }: ShellOptions): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    configureClient(config.apiBase, basename);
    registerRemotes(config);
  } catch (e) {
    root.render(<ErrorResult title="无法读取运行配置" subTitle={String(e)} />);
    return;
  }
  // A transition: React renders the first tree in slices, giving the main thread back between them (a phone's first
  // load is otherwise one long task per render).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <ShellContext.Provider value={{ terminal, basename }}>
            <ConfigProvider componentConfig={A11Y_COMPONENT_CONFIG}>
              <BrowserRouter basename={basename || undefined}>
                <ShellRoutes layouts={layouts} own={routes} />
              </BrowserRouter>
            </ConfigProvider>
          </ShellContext.Provider>
        </Provider>
      </StrictMode>,
    ),
  );
}
