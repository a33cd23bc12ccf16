import { storageNamed } from '@exam/server-kit';
import { text } from 'node:stream/consumers';
import type { Db } from '@exam/server-kit';
import { parseStored, segmentKey } from '../transcode/media-keys';

type Stored = { srcKey: string; mediaKind: string; mediaKey: string };

/** Segment numbers an HLS playlist names (`seg-N.ts`), the way the play route maps them to keys. */
export function playlistSegments(playlist: string): number[] {
  return [...new Set([...playlist.matchAll(/^seg-(\d{1,5})\.ts$/gm)].map((m) => Number(m[1])))];
}

/**
 * Removes what a deleted courseware left in storage: the upload, the served media and, for HLS, every
 * segment its playlist names. Each key names its provider, so files survive a provider switch until here.
 */
export async function removeStoredFiles(db: Db, dataDir: string, f: Stored): Promise<string[]> {
  const keys = new Set([f.srcKey, f.mediaKey].filter(Boolean));
  if (f.mediaKind === 'hls') {
    const p = parseStored(f.mediaKey);
    if (p) {
      const body = await (await storageNamed(db, dataDir, p.provider)).read(p.key);
      const playlist = body ? await text(body) : '';
      for (const n of playlistSegments(playlist)) keys.add(`${p.provider}:${segmentKey(p.key, n)}`);
    }
  }
  // The record is already deleted: a storage that fails now leaves an orphan (returned), not a 5xx.
  const failed: string[] = [];
  for (const stored of keys) {
    const s = parseStored(stored);
    if (s) await (await storageNamed(db, dataDir, s.provider)).remove(s.key).catch(() => failed.push(stored));
  }
  return failed;
}
