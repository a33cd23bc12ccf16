import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (never a downloaded browser) and the flags every spec starts it with. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium with its fake camera and microphone, the permission prompt accepted: a test pattern, or the
 * given .y4m video. Playwright takes launch options per file (`test.use`) or per `chromium.launch`.
 */
export function fakeCamera(video?: string): LaunchOptions {
  const file = video ? [`--use-file-for-fake-video-capture=${video}`] : [];
  return {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', ...file],
  };
}
