import { QuType, type QuOptionEdit, type QuSaveReq } from '@exam/contracts';

export type Draft = Omit<QuSaveReq, 'repoId' | 'subList'> & { repoId?: string; subList?: Draft[] };

const choice = (n: number): QuOptionEdit[] =>
  Array.from({ length: n }, () => ({ content: '', isRight: false, score: 0 }));

/** A fresh question of a type, with the options that type starts with. */
export function emptyDraft(quType: number): Draft {
  const base = { quType, level: 1, content: '', analysis: '' } as Draft;
  switch (quType) {
    case QuType.JUDGE:
      return {
        ...base,
        answerList: [
          { content: '正确', isRight: true },
          { content: '错误', isRight: false },
        ],
      };
    case QuType.SHORT:
      return { ...base, refAnswer: '', keywords: '' };
    case QuType.FILL:
      return { ...base, answerList: [{ answer: '' }] };
    case QuType.MATCH:
      return {
        ...base,
        answerList: [
          { content: '', answer: '' },
          { content: '', answer: '' },
        ],
      };
    case QuType.COMPOSITE:
      return { ...base, subList: [emptyDraft(QuType.SINGLE)] };
    default:
      return { ...base, answerList: choice(4) };
  }
}
