import type { MessageProps } from '@arco-design/web-react';
import { afterContent } from './lazy/afterContent';

type Kind = 'info' | 'success' | 'warning' | 'error';

// Loaded when first shown, not with a shell's first page (most pages show no message at all).
const load = () => import('@arco-design/web-react/es/Message').then((m) => m.default);

/** Arco's Message, shown once its code has loaded (a moment later the first time). */
export function showMessage(kind: Kind, content: string | MessageProps): void {
  load().then((Message) => Message[kind](content), () => undefined);
}

/**
 * Loads Message ahead once the page's content has shown and the browser is idle, so a message for a connection
 * lost later (the network is then gone) still shows.
 */
export function preloadMessage(): void {
  const ask = () => void load().catch(() => undefined);
  void afterContent().then(() => ('requestIdleCallback' in window ? requestIdleCallback(ask, { timeout: 2000 }) : setTimeout(ask)));
}
