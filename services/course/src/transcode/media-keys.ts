import { newStorageKey } from '@exam/server-kit';
import { randomBytes } from 'node:crypto';

/** Stored keys name their provider (`local:20261123/ab….m3u8`): media stay readable after the provider in use changes. */
export const storedKey = (provider: string, key: string) => `${provider}:${key}`;
export function parseStored(s: string): { provider: string; key: string } | null {
  const i = s.indexOf(':');
  return i > 0 ? { provider: s.slice(0, i), key: s.slice(i + 1) } : null;
}

/** An HLS output's keys: one random base, the playlist at `ffff`, segment n at its 4-hex index. */
export function hlsPlaylistKey(): string {
  return newStorageKey('m3u8', `${randomBytes(14).toString('hex')}ffff`);
}
export const MAX_SEGMENTS = 0xfffe;
export function segmentKey(playlistKey: string, n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEGMENTS) throw new Error(`bad segment ${n}`);
  return playlistKey.replace(/ffff\.m3u8$/, `${n.toString(16).padStart(4, '0')}.ts`);
}
