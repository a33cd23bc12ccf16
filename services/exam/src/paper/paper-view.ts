import { type LearnerAnswer, type PaperQu, QU_TYPE_TITLES, abcOf } from '@exam/contracts';
import { QuType } from '@exam/server-kit';
import type { ViewQu } from './qu-cache';

type Leaf = Omit<LearnerAnswer, 'subs'>;

/**
 * One question as the learner sees it in the paper: options in the paper's order labelled A–Z with
 * `checked` from the saved answer. Built field by field from the learner-safe view (qu-cache): right
 * flags, option scores, fill-in and matching answers and the analysis are not in it.
 */
export function learnerQu(q: ViewQu, order: Record<string, string[]>, score: number, saved: Leaf) {
  const byId = new Map(q.options.map((o) => [o.id, o]));
  const ids = (order[q.id] ?? q.options.map((o) => o.id)).filter((id) => byId.has(id));
  const chosen = new Set(saved.answers ?? []);
  return {
    quId: q.id,
    quType: q.quType,
    quType_dictText: QU_TYPE_TITLES[q.quType] ?? '',
    content: q.content,
    image: '',
    score,
    answerList:
      q.quType === QuType.FILL
        ? []
        : ids.map((id, i) => ({
            id,
            abc: abcOf(i),
            content: byId.get(id)!.content,
            image: byId.get(id)!.image,
            checked: chosen.has(id),
          })),
    blankCount: q.quType === QuType.FILL ? ids.length : 0,
    rightList: q.quType === QuType.MATCH ? q.rightList : [],
    answer: saved.text ?? '',
    myAnswer: { ...pick(saved) },
  };
}

const pick = (a: Leaf): Leaf => ({
  ...(a.answers ? { answers: a.answers } : {}),
  ...(a.blanks ? { blanks: a.blanks } : {}),
  ...(a.pairs ? { pairs: a.pairs } : {}),
  ...(a.text !== undefined ? { text: a.text } : {}),
});

export function learnerQuWithSubs(
  q: ViewQu,
  order: Record<string, string[]>,
  score: number,
  saved: LearnerAnswer,
): Omit<PaperQu, 'id' | 'paperId' | 'sort' | 'mark' | 'answered' | 'seq'> {
  return {
    ...learnerQu(q, order, score, saved),
    myAnswer: { ...pick(saved), ...(saved.subs ? { subs: saved.subs } : {}) },
    subList: q.subs.map((s) => learnerQu(s, order, 0, saved.subs?.[s.id] ?? {})),
  };
}
