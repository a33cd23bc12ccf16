import type { QuOptionEdit, QuSaveReq } from '@exam/contracts';

export type Draft = Omit<QuSaveReq, 'repoId' | 'subList'> & { repoId?: string; subList?: Draft[] };

const choice = (n: number): QuOptionEdit[] => Array.from({ length: n }, () => ({ content: '', isRight: false, score: 0 }));

/** A fresh question of a type, with the options that type starts with. */
export function emptyDraft(quType: number): Draft {
  const base = { quType, level: 1, content: '', analysis: '' } as Draft;
  switch (quType) {
    case 3: return { ...base, answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] };
    case 4: return { ...base, refAnswer: '', keywords: '' };
    case 5: return { ...base, answerList: [{ answer: '' }] };
    case 6: return { ...base, answerList: [{ content: '', answer: '' }, { content: '', answer: '' }] };
    case 99: return { ...base, subList: [emptyDraft(1)] };
    default: return { ...base, answerList: choice(4) };
  }
}

export const CHOICE_TYPES = [1, 2, 3, 26, 27, 28];
export const SCALE_TYPES = [26, 27, 28];
