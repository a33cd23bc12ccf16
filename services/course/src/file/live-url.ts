import { createHash } from 'node:crypto';
import type { Db } from '@exam/server-kit';
import { liveConfig } from './file-repository';

/** Live streams play for this long on one signed address. */
const LIVE_URL_SEC = 3 * 3600;

/**
 * The pull address of a live stream from the live config (Aliyun, auth type A:
 * `auth_key = exp-rand-uid-md5("/app/stream.m3u8-exp-rand-uid-pullKey")`); empty when live is not configured.
 */
export async function livePullUrl(db: Db, stream: string, now = Date.now()): Promise<string> {
  const data = await liveConfig(db);
  const domain = String(data?.pullDomain ?? '')
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  const key = String(data?.pullKey ?? '');
  if (!domain || !stream) return '';
  const path = `/live/${stream}.m3u8`;
  if (!key) return `https://${domain}${path}`;
  const exp = Math.floor(now / 1000) + LIVE_URL_SEC;
  const md5 = createHash('md5').update(`${path}-${exp}-0-0-${key}`).digest('hex');
  return `https://${domain}${path}?auth_key=${exp}-0-0-${md5}`;
}
