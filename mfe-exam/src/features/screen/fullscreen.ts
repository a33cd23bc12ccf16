/** The Fullscreen API, with the prefixed Safari variant some browsers still ship. */
type FsDocument = Document & { webkitFullscreenElement?: Element | null; webkitFullscreenEnabled?: boolean };
type FsElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };

export const FULLSCREEN_UNSUPPORTED_MSG = '您的浏览器不支持全屏模式，请使用 Chrome 或 Firefox 浏览器参加考试！';

export function fullscreenSupported(doc: Document = document): boolean {
  const d = doc as FsDocument;
  return !!(d.fullscreenEnabled ?? d.webkitFullscreenEnabled);
}

export function isFullscreen(doc: Document = document): boolean {
  const d = doc as FsDocument;
  return !!(d.fullscreenElement ?? d.webkitFullscreenElement);
}

/** Resolves true when the page is fullscreen afterwards; browsers refuse without a user gesture. */
export async function enterFullscreen(doc: Document = document): Promise<boolean> {
  if (isFullscreen(doc)) return true;
  const el = doc.documentElement as FsElement;
  try {
    await (el.requestFullscreen ? el.requestFullscreen() : el.webkitRequestFullscreen?.());
  } catch {
    return false;
  }
  return isFullscreen(doc);
}

/** Threshold of the developer tools check (spec learner §9): docked tools take more than this. */
export const DEVTOOLS_GAP_PX = 300;

/** True when the outer window exceeds the inner one by more than 300 px: docked developer tools. */
export function devtoolsOpen(w: Pick<Window, 'outerWidth' | 'innerWidth' | 'outerHeight' | 'innerHeight'>): boolean {
  return w.outerWidth - w.innerWidth > DEVTOOLS_GAP_PX || w.outerHeight - w.innerHeight > DEVTOOLS_GAP_PX;
}
