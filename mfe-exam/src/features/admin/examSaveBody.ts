import { ExamOpenType, ExamSaveReq, ResultType, type ExamDetail, type ExamRule } from '@exam/contracts';

/** A new exam's form values; the same defaults the server applies to a missing field (pasteBlock on). */
export const EXAM_DEFAULTS = {
  content: '',
  examType: 1,
  offline: false,
  openType: ExamOpenType.PUBLIC,
  totalTime: 60,
  qualifyScore: 60,
  chance: 0,
  resultType: ResultType.SHEET,
  showBook: true,
  price: 0,
  points: 0,
  leaveOn: false,
  camOn: false,
  faceOn: false,
  faceChance: 3,
  pasteBlock: true,
};

const SAVE_FIELDS = Object.keys(ExamSaveReq.properties) as (keyof ExamSaveReq)[];

/** What the dialog keeps outside the form: the id, the time window, the picked people and the rules. */
export interface ExamDialogExtras {
  id?: string;
  window: [string, string];
  userIds: string[];
  rules: ExamRule[];
}

/**
 * The body of ExamCalls.save. The server fills a missing field with its default, so an edit
 * starts from every saveable field of the loaded record (state, and whatever has no input or is hidden
 * just now) and the form's values go over it; fields the save does not take (quCount, quTitles …) stay out.
 */
export function examSaveBody(
  loaded: Partial<ExamDetail> | undefined,
  form: Record<string, unknown>,
  extras: ExamDialogExtras,
): ExamSaveReq {
  const kept = Object.fromEntries(
    SAVE_FIELDS.filter((k) => loaded?.[k as keyof ExamDetail] !== undefined).map((k) => [
      k,
      loaded![k as keyof ExamDetail],
    ]),
  );
  const values = Object.fromEntries(
    Object.entries(form).filter(([k]) => k !== 'window' && SAVE_FIELDS.includes(k as keyof ExamSaveReq)),
  );
  return {
    ...kept,
    ...values,
    id: extras.id || undefined,
    startTime: extras.window[0],
    endTime: extras.window[1],
    userIds: extras.userIds,
    rules: extras.rules,
  } as ExamSaveReq;
}
