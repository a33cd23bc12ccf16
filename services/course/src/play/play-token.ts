import { COURSE_PLAY_PREFIX, CourseFileType } from '@exam/contracts';
import { type KeyValue, newToken } from '@exam/server-kit';

/** What a play token stands for: this user, studying this file of this course, in this session. */
export type PlayBinding = { userId: string; fileId: string; courseId: string; session: string };

/** Short-lived; every media request within the window slides it (a long video keeps playing). */
export const PLAY_TOKEN_TTL_SEC = 15 * 60;
const keyOf = (token: string) => `course:pt:${token}`;

export async function issuePlayToken(kv: KeyValue, b: PlayBinding): Promise<string> {
  const token = newToken();
  await kv.set(keyOf(token), JSON.stringify(b), PLAY_TOKEN_TTL_SEC);
  return token;
}

/** The binding of a live token, or null (unknown, expired or malformed). */
export async function readPlayToken(kv: KeyValue, token: string): Promise<PlayBinding | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const raw = await kv.get(keyOf(token));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PlayBinding;
  } catch {
    return null;
  }
}

export const slidePlayToken = (kv: KeyValue, token: string) => kv.expire(keyOf(token), PLAY_TOKEN_TTL_SEC);
export const dropPlayToken = (kv: KeyValue, token: string) => kv.del(keyOf(token));

/** The name a courseware's main media is served under (HLS segments and the key sit beside the playlist). */
export function mediaName(f: { fileType: number; mediaKind: string; srcKey: string }): string {
  if (f.mediaKind === 'hls') return 'index.m3u8';
  if (f.mediaKind === 'mp4') return 'video.mp4';
  if (f.fileType === CourseFileType.PDF) return 'file.pdf';
  const ext = f.srcKey.split('.').pop() ?? 'bin';
  return `file.${ext}`;
}

/** A fresh play url for a learner (the token sits in the path, so relative segment and key uris inherit it). */
export async function mediaUrl(
  kv: KeyValue,
  b: PlayBinding,
  f: { fileType: number; mediaKind: string; srcKey: string },
) {
  return `${COURSE_PLAY_PREFIX}/${await issuePlayToken(kv, b)}/${mediaName(f)}`;
}
