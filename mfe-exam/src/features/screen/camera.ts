/** What an exam capture reply means for the screen (the camera helpers are @exam/ui's). */
import { type DataOf, FaceMsgs, type PaperCalls } from '@exam/contracts';

export type CaptureReply = DataOf<typeof PaperCalls.captureSave>;

/** What the screen does with a capture reply: hand-in over, a warning, or nothing (spec learner §8 wording). */
export function captureOutcome(r: CaptureReply): { kind: 'break' | 'warn' | 'ok'; msg: string } {
  if (r.isBreak) return { kind: 'break', msg: FaceMsgs.examBreak(r.faceChance) };
  if (r.failCount > 0)
    return {
      kind: 'warn',
      msg: r.faceChance > 0 ? FaceMsgs.examFailed(r.failCount, r.faceChance) : FaceMsgs.examNoFace,
    };
  return { kind: 'ok', msg: '' };
}
