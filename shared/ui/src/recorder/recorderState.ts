/** Spec admin §4: 0 ready, 1 recording, 2 recorded (then play, clear or upload). */
export const RecState = { READY: 0, RECORDING: 1, RECORDED: 2 } as const;
export type RecState = (typeof RecState)[keyof typeof RecState];

export type RecEvent = 'start' | 'stop' | 'fail' | 'clear' | 'uploaded';

/**
 * The recorder's only transitions; any other event leaves the state as it is (a second start while
 * recording, an upload with nothing recorded). Clear and a finished upload go back to ready.
 */
export function nextRecState(state: RecState, event: RecEvent): RecState {
  if (state === RecState.READY && event === 'start') return RecState.RECORDING;
  if (state === RecState.RECORDING && event === 'stop') return RecState.RECORDED;
  if (state === RecState.RECORDING && event === 'fail') return RecState.READY;
  if (state === RecState.RECORDED && (event === 'clear' || event === 'uploaded')) return RecState.READY;
  return state;
}

/** Spec §8 messages. */
export const RECORDER_UNSUPPORTED_MSG = '操作失败，请检查设备是否具备录音功能！';
export const RECORD_UPLOADED_MSG = '录音上传成功！';
/** A start error adds the browser's name and message (spec §8), e.g. `…（NotAllowedError：Permission denied）`. */
export const startErrorText = (e: unknown) =>
  e && typeof e === 'object' && 'name' in e
    ? `${RECORDER_UNSUPPORTED_MSG}（${String((e as Error).name)}：${String((e as Error).message ?? '')}）`
    : RECORDER_UNSUPPORTED_MSG;
