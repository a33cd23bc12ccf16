// Arco needs this once per bundle under React 19 (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';
import { lazy, StrictMode, Suspense, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Menu, Spin } from '@arco-design/web-react';
import { Provider } from 'react-redux';
import { BrowserRouter } from '@exam/router';
import { store } from '@exam/store';
import type { ViewMap } from '../federation/remotes';

/**
 * The page a remote shows when opened on its own (`rsbuild dev`): its views side by side, to work
 * on one without a shell. Sign in through a shell on the same origin first; the token is a cookie.
 */
function Harness({ name, views }: { name: string; views: ViewMap }) {
  const names = Object.keys(views);
  const [current, setCurrent] = useState(names[0]);
  const View = useMemo(() => lazy(views[current]), [views, current]);
  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      <Menu style={{ width: 210 }} selectedKeys={[current]} onClickMenuItem={setCurrent}>
        <Menu.ItemGroup title={name}>
          {names.map((view) => (
            <Menu.Item key={view}>{view}</Menu.Item>
          ))}
        </Menu.ItemGroup>
      </Menu>
      <main style={{ flex: 1, padding: 16 }}>
        <Suspense fallback={<Spin dot />}>
          <View />
        </Suspense>
      </main>
    </div>
  );
}

export function mountRemoteHarness(name: string, views: ViewMap): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <Harness name={name} views={views} />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
