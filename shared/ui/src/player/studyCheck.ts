/**
 * The study check's clock (学习检测, spec §4): after the study interval the captcha dialog opens; not
 * confirmed within the grace period, the learner is sent away. Pure, ticked once a second by the hook.
 */
export const STUDY_CHECK_GRACE_SEC = 30;

export type StudyCheckPhase = 'study' | 'check' | 'break';

export interface StudyCheckState {
  phase: StudyCheckPhase;
  /** Seconds studied since the last passed check. */
  studied: number;
  /** Seconds left to answer while the dialog is open. */
  graceLeft: number;
}

export const initialStudyCheck = (): StudyCheckState => ({
  phase: 'study',
  studied: 0,
  graceLeft: STUDY_CHECK_GRACE_SEC,
});

/** Spec §4: the interval is checkSec-based, minutes times 60 seconds. */
export const studyCheckIntervalSec = (checkSec: number) => Math.max(1, checkSec) * 60;

/**
 * One second passed. `studying` is false while the page is hidden or nothing plays: only study time
 * counts towards the next check, but the grace period runs regardless (hiding the tab must not help).
 */
export function tickStudyCheck(state: StudyCheckState, intervalSec: number, studying: boolean): StudyCheckState {
  if (state.phase === 'break') return state;
  if (state.phase === 'check') {
    const graceLeft = state.graceLeft - 1;
    return graceLeft <= 0 ? { ...state, phase: 'break', graceLeft: 0 } : { ...state, graceLeft };
  }
  if (!studying) return state;
  const studied = state.studied + 1;
  return studied >= intervalSec ? { phase: 'check', studied, graceLeft: STUDY_CHECK_GRACE_SEC } : { ...state, studied };
}

/** A right captcha restarts the interval (a late answer after the break changes nothing). */
export const passStudyCheck = (state: StudyCheckState): StudyCheckState =>
  state.phase === 'break' ? state : initialStudyCheck();
