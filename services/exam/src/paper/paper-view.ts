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

/**
 * A question's learner view as JSON text, made once per question version and kept per replica (qu-cache): the
 * pieces that are the same in every paper, escaped once. A paper's view joins them with what is its own (the
 * option order and labels, the score, the saved answer and mark), so serving 5,000 papers of one exam does not
 * escape the same stems and options 5,000 times. Made from the learner-safe view only.
 */
export type QuJson = {
  id: string;
  quType: number;
  /** Option ids in the stored order (a paper without its own order shows them so). */
  optionIds: string[];
  /** `"quId":…,"quType":…,"quType_dictText":…,"content":…,"image":""` */
  head: string;
  /** Per option id: `,"content":…,"image":…`. */
  options: Map<string, string>;
  /** `,"rightList":[…]` */
  rightList: string;
  subs: QuJson[];
};

const J = JSON.stringify;

export function toQuJson(q: ViewQu): QuJson {
  return {
    id: q.id,
    quType: q.quType,
    optionIds: q.options.map((o) => o.id),
    head: `"quId":${J(q.id)},"quType":${q.quType},"quType_dictText":${J(QU_TYPE_TITLES[q.quType] ?? '')},"content":${J(q.content)},"image":""`,
    options: new Map(q.options.map((o) => [o.id, `,"content":${J(o.content)},"image":${J(o.image)}`])),
    rightList: `,"rightList":${J(q.quType === QuType.MATCH ? q.rightList : [])}`,
    subs: q.subs.map(toQuJson),
  };
}

/** learnerQu's fields as JSON text, up to the answer (the caller closes the object). */
function leafJson(q: QuJson, order: Record<string, string[]>, score: number, saved: Leaf): string {
  const ids = (order[q.id] ?? q.optionIds).filter((o) => q.options.has(o));
  const chosen = new Set(saved.answers ?? []);
  const fill = q.quType === QuType.FILL;
  const options = fill
    ? ''
    : ids.map((o, i) => `{"id":${J(o)},"abc":"${abcOf(i)}"${q.options.get(o)},"checked":${chosen.has(o)}}`).join(',');
  return `{${q.head},"score":${score},"answerList":[${options}],"blankCount":${fill ? ids.length : 0}${q.rightList},"answer":${J(saved.text ?? '')}`;
}

/**
 * One question of a paper as JSON text, the same fields as `learnerQuWithSubs` with the paper's own (id, paperId,
 * sort, mark, answered, seq): what PaperQu says, nothing else (paper-view.test compares the two).
 */
export function paperQuJson(
  q: QuJson,
  row: { quId: string; paperId: string; sort: number; score: number; optOrder: Record<string, string[]> },
  state: { mark: boolean; answered: boolean; seq: number },
  saved: LearnerAnswer,
): string {
  const subs = q.subs
    .map((s) => {
      const leaf = saved.subs?.[s.id] ?? {};
      return `${leafJson(s, row.optOrder, 0, leaf)},"myAnswer":${J(pick(leaf))}}`;
    })
    .join(',');
  const mine = { ...pick(saved), ...(saved.subs ? { subs: saved.subs } : {}) };
  return `${leafJson(q, row.optOrder, row.score, saved)},"myAnswer":${J(mine)},"subList":[${subs}],"id":${J(row.quId)},"paperId":${J(row.paperId)},"sort":${row.sort},"mark":${state.mark},"answered":${state.answered},"seq":${state.seq}}`;
}
