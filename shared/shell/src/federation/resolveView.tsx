import { lazy, useMemo, useState, type ComponentType } from 'react';
import { RemoteBoundary } from '@exam/ui';
import { forgetRemote, isRemoteKnown, loadViewMap, type ViewModule } from './remotes';
import { parseViewKey, type ViewKey } from './viewKey';
import { LazyViewNotFound as ViewNotFound } from '../pages/lazyPage';

async function loadView({ remote, view }: ViewKey, key: string): Promise<ViewModule> {
  const views = await loadViewMap(remote);
  const load = views[view];
  if (!load) return { default: () => <ViewNotFound viewKey={key} /> };
  return load();
}

/** One remote view behind an error boundary whose retry really loads again. */
function remoteView(parsed: ViewKey, key: string): ComponentType {
  function RemoteView() {
    const [attempt, setAttempt] = useState(0);
    // A lazy component keeps its rejected promise forever; a retry needs a new one.
    const View = useMemo(() => lazy(() => loadView(parsed, key)), [attempt]);
    const retry = () => {
      forgetRemote(parsed.remote);
      setAttempt((n) => n + 1);
    };
    return (
      // The key remounts the boundary, so its error state cannot survive the retry either.
      // RemoteBoundary also shows the spinner while the view loads.
      <RemoteBoundary key={attempt} name={parsed.remote} onRetry={retry}>
        <View />
      </RemoteBoundary>
    );
  }
  RemoteView.displayName = `View(${key})`;
  return RemoteView;
}

const resolved = new Map<string, ComponentType>();

/**
 * The component for a menu `component` value `<domain>/<View>`. Memoized per key so rebuilding
 * the route table never remounts a page; unknown keys and remotes give an in-shell 404.
 */
export function resolveView(key: string): ComponentType {
  const known = resolved.get(key);
  if (known) return known;
  const parsed = parseViewKey(key);
  const component =
    parsed && isRemoteKnown(parsed.remote) ? remoteView(parsed, key) : () => <ViewNotFound viewKey={key} />;
  resolved.set(key, component);
  return component;
}
