import { describe, expect, it } from '@rstest/core';
import { type GradeOption, type GradeQu, gradeQuestion, splitAlternatives, validateQuestion } from './index';

const opt = (id: string, extra: Partial<GradeOption> = {}): GradeOption => ({
  id,
  isRight: false,
  score: 0,
  answer: '',
  content: id,
  ...extra,
});
const single: GradeQu = { id: 's', quType: 1, score: 2, options: [opt('a'), opt('b', { isRight: true }), opt('c')] };
const judge: GradeQu = { id: 'j', quType: 3, options: [opt('t', { isRight: true }), opt('f')] };
const multi: GradeQu = {
  id: 'm',
  quType: 2,
  score: 4,
  options: [opt('a', { isRight: true }), opt('b', { isRight: true }), opt('c'), opt('d')],
};
const fill: GradeQu = {
  id: 'f',
  quType: 5,
  score: 4,
  options: [opt('1', { answer: '北京|| Beijing ' }), opt('2', { answer: '上海' })],
};
const match: GradeQu = {
  id: 'x',
  quType: 6,
  score: 3,
  options: [opt('1', { answer: '苹果' }), opt('2', { answer: '香蕉' }), opt('3', { answer: '葡萄' })],
};
const scale = (quType: number): GradeQu => ({
  id: 'sc',
  quType,
  options: [opt('a', { score: 1 }), opt('b', { score: 3 }), opt('c', { score: 5 })],
});
const short: GradeQu = { id: 'sh', quType: 4, score: 10, keywords: '预防||安全第一', options: [] };

describe('single and judge', () => {
  it('are right only with the one right option', () => {
    expect(gradeQuestion(single, { answers: ['b'] })).toEqual({ right: true, score: 2, review: false });
    expect(gradeQuestion(single, { answers: ['a'] })).toEqual({ right: false, score: 0, review: false });
    expect(gradeQuestion(single, { answers: ['a', 'b'] }).right).toBe(false);
    expect(gradeQuestion(single, {}).right).toBe(false);
    expect(gradeQuestion(single, undefined).right).toBe(false);
    expect(gradeQuestion(judge, { answers: ['t'] })).toEqual({ right: true, score: 1, review: false });
    expect(gradeQuestion(judge, { answers: ['f'] }).right).toBe(false);
  });
  it('ignores duplicate ids and unknown ids count as wrong', () => {
    expect(gradeQuestion(single, { answers: ['b', 'b'] }).right).toBe(true);
    expect(gradeQuestion(single, { answers: ['zzz'] }).right).toBe(false);
  });
});

describe('multiple', () => {
  it('is right only with exactly the right set, in any order', () => {
    expect(gradeQuestion(multi, { answers: ['b', 'a'] })).toEqual({ right: true, score: 4, review: false });
    expect(gradeQuestion(multi, { answers: ['a'] })).toEqual({ right: false, score: 0, review: false });
    expect(gradeQuestion(multi, { answers: ['a', 'b', 'c'] }).score).toBe(0);
  });
  it('gives partial credit for a clean subset only when asked', () => {
    expect(gradeQuestion(multi, { answers: ['a'] }, { partialMultiple: true })).toEqual({
      right: false,
      score: 2,
      review: false,
    });
    expect(gradeQuestion(multi, { answers: ['a', 'c'] }, { partialMultiple: true }).score).toBe(0);
    expect(gradeQuestion(multi, { answers: [] }, { partialMultiple: true }).score).toBe(0);
    expect(gradeQuestion(single, { answers: [] }, { partialMultiple: true }).score).toBe(0);
  });
});

describe('fill-in', () => {
  it('checks each blank against its trimmed alternatives', () => {
    expect(gradeQuestion(fill, { blanks: [' Beijing', '上海 '] })).toEqual({ right: true, score: 4, review: false });
    expect(gradeQuestion(fill, { blanks: ['北京', '广州'] })).toEqual({ right: false, score: 2, review: false });
    expect(gradeQuestion(fill, { blanks: ['北京'] })).toEqual({ right: false, score: 2, review: false });
    expect(gradeQuestion(fill, {}).score).toBe(0);
  });
  it('never matches an empty blank to an empty alternative', () => {
    const q: GradeQu = { ...fill, options: [opt('1', { answer: ' || ' })] };
    expect(gradeQuestion(q, { blanks: [''] }).right).toBe(false);
  });
  it('splits alternatives on ||, trims and drops empties', () => {
    expect(splitAlternatives(' a || b |||| c ')).toEqual(['a', 'b', 'c']);
  });
});

describe('matching', () => {
  it('grades per pair', () => {
    expect(gradeQuestion(match, { pairs: ['苹果', '香蕉', '葡萄'] })).toEqual({ right: true, score: 3, review: false });
    expect(gradeQuestion(match, { pairs: ['香蕉', '苹果', '葡萄'] })).toEqual({
      right: false,
      score: 1,
      review: false,
    });
    expect(gradeQuestion(match, { pairs: [] }).score).toBe(0);
  });
});

describe('scale and scoring', () => {
  it('26 and 27 count the one chosen option score', () => {
    for (const t of [26, 27]) {
      expect(gradeQuestion(scale(t), { answers: ['b'] })).toEqual({ right: true, score: 3, review: false });
      expect(gradeQuestion(scale(t), { answers: ['b', 'c'] }).score).toBe(3);
    }
  });
  it('28 sums every chosen option and ignores unknown ids', () => {
    expect(gradeQuestion(scale(28), { answers: ['a', 'c', 'zz', 'a'] })).toEqual({
      right: true,
      score: 6,
      review: false,
    });
  });
  it('an empty answer scores nothing and is not right', () => {
    expect(gradeQuestion(scale(28), {})).toEqual({ right: false, score: 0, review: false });
  });
});

describe('short answer', () => {
  it('waits for review and reports keyword hits case-insensitively', () => {
    expect(gradeQuestion(short, { text: '坚持安全第一，预防为主' })).toEqual({
      right: false,
      score: 0,
      review: true,
      keywordHits: ['预防', '安全第一'],
    });
    expect(gradeQuestion({ ...short, keywords: 'ABC' }, { text: 'xabcx' }).keywordHits).toEqual(['ABC']);
    expect(gradeQuestion({ ...short, keywords: '' }, {}).keywordHits).toEqual([]);
  });
});

describe('composite', () => {
  const comp: GradeQu = {
    id: 'c',
    quType: 99,
    score: 6,
    options: [],
    subList: [
      { ...single, score: undefined },
      { ...multi, score: undefined },
      { ...fill, score: undefined },
    ],
  };
  it('sums the children, sharing the score equally', () => {
    const r = gradeQuestion(comp, {
      subs: { s: { answers: ['b'] }, m: { answers: ['a', 'b'] }, f: { blanks: ['北京', 'x'] } },
    });
    expect(r.right).toBe(false);
    expect(r.score).toBe(5);
    expect(r.subs?.f).toEqual({ right: false, score: 1, review: false });
  });
  it('is right when every child is, and uses child scores when given', () => {
    const q: GradeQu = { ...comp, subList: [{ ...single, score: 5 }, judge] };
    const r = gradeQuestion(q, { subs: { s: { answers: ['b'] }, j: { answers: ['t'] } } });
    expect(r).toMatchObject({ right: true, score: 8, review: false });
  });
  it('needs review when a child is a short answer; no children is never right', () => {
    expect(gradeQuestion({ ...comp, subList: [short] }, { subs: { sh: { text: '预防' } } }).review).toBe(true);
    expect(gradeQuestion({ ...comp, subList: [] }, {})).toMatchObject({ right: false, score: 0 });
  });
  it('refuses an unknown type', () => {
    expect(() => gradeQuestion({ id: 'u', quType: 7, options: [] }, {})).toThrow();
  });
});

const plain = (h: string) => h.replace(/<[^>]*>/g, '').trim();
const o = (content: string, isRight = false, extra = {}) => ({ content, isRight, ...extra });
describe('validateQuestion', () => {
  const ok = (d: Parameters<typeof validateQuestion>[0]) => expect(validateQuestion(d, plain)).toBeNull();
  const bad = (d: Parameters<typeof validateQuestion>[0], msg: string) => expect(validateQuestion(d, plain)).toBe(msg);
  it('accepts a valid question of every type', () => {
    ok({ quType: 1, content: '<p>q</p>', answerList: [o('a', true), o('b')] });
    ok({ quType: 2, content: 'q', answerList: [o('a', true), o('b', true), o('c')] });
    ok({ quType: 3, content: 'q', answerList: [o('对', true), o('错')] });
    ok({ quType: 4, content: 'q', refAnswer: '<p>ref</p>' });
    ok({ quType: 5, content: 'q', answerList: [{ answer: 'a||b' }] });
    ok({
      quType: 6,
      content: 'q',
      answerList: [
        { content: 'l1', answer: 'r1' },
        { content: 'l2', answer: 'r2' },
      ],
    });
    for (const t of [26, 27, 28])
      ok({ quType: t, content: 'q', answerList: [o('a', false, { score: 0 }), o('b', false, { score: 2 })] });
    ok({ quType: 99, content: 'stem', subList: [{ quType: 1, content: 'c', answerList: [o('a', true), o('b')] }] });
    ok({ quType: 1, content: '<img src="x.png">', answerList: [o('a', true), o('b')] });
  });
  it('refuses what each type forbids', () => {
    bad({ quType: 8, content: 'q' }, '试题类型不正确！');
    bad({ quType: 1, content: '<p> </p>', answerList: [o('a', true), o('b')] }, '试题内容不能为空！');
    bad({ quType: 1, content: 'q', answerList: [o('a', true)] }, '至少需要两个选项！');
    bad({ quType: 1, content: 'q', answerList: [o('a', true), o('b', true)] }, '单选题必须有且只有一个正确答案！');
    bad({ quType: 1, content: 'q', answerList: [o('a'), o('b')] }, '单选题必须有且只有一个正确答案！');
    bad({ quType: 1, content: 'q', answerList: [o('a', true), o('')] }, '选项内容不能为空！');
    bad({ quType: 2, content: 'q', answerList: [o('a'), o('b')] }, '多选题至少要有一个正确答案！');
    bad({ quType: 3, content: 'q', answerList: [o('a', true), o('b'), o('c')] }, '判断题必须有两个选项！');
    bad({ quType: 3, content: 'q', answerList: [o('a', true), o('b', true)] }, '判断题必须有且只有一个正确答案！');
    bad({ quType: 4, content: 'q', refAnswer: '' }, '简答题参考答案不能为空！');
    bad({ quType: 5, content: 'q', answerList: [] }, '填空题至少需要一个空！');
    bad({ quType: 5, content: 'q', answerList: [{ answer: ' || ' }] }, '填空题每个空至少需要一个答案！');
    bad({ quType: 6, content: 'q', answerList: [{ content: 'l', answer: 'r' }] }, '连线题至少需要两组！');
    bad(
      {
        quType: 6,
        content: 'q',
        answerList: [
          { content: 'l', answer: 'r' },
          { content: 'l2', answer: ' ' },
        ],
      },
      '连线题每组左右两项都不能为空！',
    );
    bad(
      { quType: 26, content: 'q', answerList: [o('a', false, { score: -1 }), o('b', false, { score: 1 })] },
      '选项分值必须是不小于0的数字！',
    );
    bad({ quType: 99, content: 'q', subList: [] }, '组合题至少需要一道子题！');
    bad(
      { quType: 99, content: 'q', subList: [{ quType: 99, content: 'x', subList: [] }] },
      '第1道子题：组合题的子题不能是组合题！',
    );
    bad(
      {
        quType: 99,
        content: 'q',
        subList: [
          { quType: 4, content: 'x', refAnswer: 'r' },
          { quType: 1, content: 'x', answerList: [] },
        ],
      },
      '第2道子题：至少需要两个选项！',
    );
    bad(
      { quType: 1, content: 'q', answerList: Array.from({ length: 27 }, (_, i) => o(`o${i}`, i === 0)) },
      '选项最多26个！',
    );
  });
});
