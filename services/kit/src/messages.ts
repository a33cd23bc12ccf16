import type { Db, Tx } from './db/client';
import { sysUserMsg } from './db/schema';
import { newId } from './util';

/** A message's content is HTML (the user centre shows it as rich text). */
export type UserMessage = { userId: string; title: string; content: string };

/** Plain text (a title someone typed) safe inside a message's HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * In-site messages (站内信息, `sys_user_msg`, owned by the system service) written in the caller's transaction, so a
 * message goes out exactly when what it tells of commits (an exam application's audit, a certificate's grant).
 */
export async function sendUserMessages(tx: Db | Tx, msgs: UserMessage[]) {
  if (msgs.length) await tx.insert(sysUserMsg).values(msgs.map((m) => ({ id: newId(), ...m })));
}
