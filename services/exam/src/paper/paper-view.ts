import { type LearnerAnswer, type PaperQu, QU_TYPE_TITLES, abcOf } from '@exam/contracts';
import { QuType } from '@exam/server-kit';
import type { PaperQuView } from './paper-repository';
import type { ViewQu } from './qu-cache';

type Leaf = Omit<LearnerAnswer, 'subs'>;

/**
 * One question as the learner sees it in the paper: options in the paper's order labelled A–Z with
 * `checked` from the saved answer. Built field by field from the learner-safe view (qu-cache): right
 * flags, option scores, fill-in and matching answers and the analysis are not in it.
 */
export function learnerQu(q: ViewQu, order: Record<string, string[]>, score: number, saved: Leaf) {
  const byId = new Map(q.options.map((o) => [o.id, o]));
  const ids = shownOptions(order, q.id, byId.keys(), byId);
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

/** A question's option ids as the paper shows them: its own order, else the stored one, of options it still has. */
const shownOptions = (
  order: Record<string, string[]>,
  id: string,
  stored: Iterable<string>,
  has: { has(id: string): boolean },
) => (order[id] ?? [...stored]).filter((o) => has.has(o));

const pick = (a: Leaf): Leaf => ({
  ...(a.answers ? { answers: a.answers } : {}),
  ...(a.blanks ? { blanks: a.blanks } : {}),
  ...(a.pairs ? { pairs: a.pairs } : {}),
  ...(a.text !== undefined ? { text: a.text } : {}),
});

/** A question's saved answer as the paper gives it back: its own leaf and its children's. */
const myAnswerOf = (saved: LearnerAnswer): LearnerAnswer => ({
  ...pick(saved),
  ...(saved.subs ? { subs: saved.subs } : {}),
});

export function learnerQuWithSubs(
  q: ViewQu,
  order: Record<string, string[]>,
  score: number,
  saved: LearnerAnswer,
): Omit<PaperQu, 'id' | 'paperId' | 'sort' | 'mark' | 'answered' | 'seq'> {
  return {
    ...learnerQu(q, order, score, saved),
    myAnswer: myAnswerOf(saved),
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
  /** `"quId":…,"quType":…,"quType_dictText":…,"content":…,"image":""` */
  head: string;
  /** Per option id in the stored order: `,"content":…,"image":…`. */
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
    head: `"quId":${J(q.id)},"quType":${q.quType},"quType_dictText":${J(QU_TYPE_TITLES[q.quType] ?? '')},"content":${J(q.content)},"image":""`,
    options: new Map(q.options.map((o) => [o.id, `,"content":${J(o.content)},"image":${J(o.image)}`])),
    rightList: `,"rightList":${J(q.quType === QuType.MATCH ? q.rightList : [])}`,
    subs: q.subs.map(toQuJson),
  };
}

/** learnerQu's fields as JSON text, up to the answer (the caller closes the object). */
function leafJson(q: QuJson, order: Record<string, string[]>, score: number, saved: Leaf): string {
  const ids = shownOptions(order, q.id, q.options.keys(), q.options);
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
  row: Pick<PaperQuView, 'quId' | 'paperId' | 'sort' | 'score' | 'optOrder' | 'mark' | 'answered' | 'seq'>,
  saved: LearnerAnswer,
): string {
  const subs = q.subs
    .map((s) => {
      const leaf = saved.subs?.[s.id] ?? {};
      return `${leafJson(s, row.optOrder, 0, leaf)},"myAnswer":${J(pick(leaf))}}`;
    })
    .join(',');
  return `${leafJson(q, row.optOrder, row.score, saved)},"myAnswer":${J(myAnswerOf(saved))},"subList":[${subs}],"id":${J(row.quId)},"paperId":${J(row.paperId)},"sort":${row.sort},"mark":${row.mark},"answered":${row.answered},"seq":${row.seq}}`;
}
