/** A recording in a written answer is one line `[录音] <address>` (the answer stays plain text for grading and export). */
export const RECORDING_MARK = '[录音]';

/** The answer with the recording's line added at the end. */
export const withRecording = (text: string, url: string) => `${text}${text ? '\n' : ''}${RECORDING_MARK} ${url}`;

/**
 * The recordings' addresses in an answer, in order. Only addresses that can be ours are taken (a path on this
 * site, or http(s) for object storage): the text is typed by the learner, and a reviewer's page must not load
 * `javascript:` or other schemes from it.
 */
export function recordingsIn(text: string | undefined): string[] {
  const out: string[] = [];
  for (const line of (text ?? '').split('\n')) {
    if (!line.startsWith(`${RECORDING_MARK} `)) continue;
    const url = line.slice(RECORDING_MARK.length + 1).trim();
    if (/^\/(?!\/)\S+$/.test(url) || /^https?:\/\/\S+$/i.test(url)) out.push(url);
  }
  return out;
}

/** Recordings in an answer and its composite children: a new one is a finished action, saved at once rather than as typing. */
export function recordingCount(a: { text?: string; subs?: Record<string, { text?: string }> } | undefined): number {
  return (
    recordingsIn(a?.text).length + Object.values(a?.subs ?? {}).reduce((n, s) => n + recordingsIn(s.text).length, 0)
  );
}
