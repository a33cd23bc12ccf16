import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { FILE_GET_PREFIX, type LearnerAnswer, type QuView } from '@exam/contracts';
import { QuestionView, hasAnswer, submitsOnPick } from '../index';
import { resetScreen } from '../testing';

const base = { level: 1, blankCount: 0, rightList: [], subList: [] };
const single: QuView = {
  ...base,
  id: 'q1',
  quType: 1,
  quType_dictText: '单选',
  content: '<p>首都？</p>',
  answerList: [
    { id: 'a', abc: 'A', content: '北京', image: '' },
    { id: 'b', abc: 'B', content: '上海', image: '' },
  ],
};
const multi: QuView = { ...single, id: 'q2', quType: 2, quType_dictText: '多选' };
const fill: QuView = {
  ...base,
  id: 'q3',
  quType: 5,
  quType_dictText: '填空',
  content: '空',
  answerList: [],
  blankCount: 2,
};
const solution = {
  quId: 'q1',
  analysis: '<p>北京是首都</p>',
  rightIds: ['a'],
  blankAnswers: [],
  pairAnswers: [],
  optionScores: [],
  refAnswer: '',
  subList: [],
};

describe('QuestionView', () => {
  afterEach(resetScreen);

  it('picks one option of a single choice and several of a multiple choice', () => {
    let got: LearnerAnswer = {};
    const { rerender } = render(
      <QuestionView qu={single} value={{ answers: ['b'] }} onChange={(a) => (got = a)} locked={false} />,
    );
    fireEvent.click(screen.getByTestId('option-A'));
    expect(got.answers).toEqual(['a']);
    rerender(<QuestionView qu={multi} value={{ answers: ['b'] }} onChange={(a) => (got = a)} locked={false} />);
    fireEvent.click(screen.getByTestId('option-A'));
    expect(got.answers).toEqual(['b', 'a']);
  });

  it('locks the choices and shows the right answer and analysis once given', () => {
    let changed = false;
    render(
      <QuestionView
        qu={single}
        value={{ answers: ['b'] }}
        onChange={() => (changed = true)}
        locked
        solution={solution}
        result={false}
      />,
    );
    fireEvent.click(screen.getByTestId('option-A'));
    expect(changed).toBe(false);
    expect(screen.getByText('回答错误')).toBeTruthy();
    expect(screen.getByText(/正确答案/).textContent).toContain('A');
    expect(screen.getByText('北京是首都')).toBeTruthy();
  });

  it('shows an option picture under its text', () => {
    const url = `${FILE_GET_PREFIX}20260101/0123456789abcdef0123456789abcdef.png`;
    const pictured: QuView = { ...single, answerList: [{ ...single.answerList[0], image: url }, single.answerList[1]] };
    render(<QuestionView qu={pictured} value={{}} onChange={() => undefined} locked={false} />);
    const img = screen.getByAltText('选项A图片') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(url);
    expect(screen.getByTestId('option-A').contains(img)).toBe(true);
    expect(screen.queryByAltText('选项B图片')).toBeNull();
  });

  it('shows no solution before answering, and one input per blank', () => {
    render(<QuestionView qu={fill} value={{}} onChange={() => undefined} locked={false} />);
    expect(screen.queryByTestId('solution')).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });

  it('knows what submits on pick and what counts as an answer', () => {
    expect([1, 2, 3, 4, 5, 6, 99].filter(submitsOnPick)).toEqual([1, 3]);
    expect(hasAnswer(fill, { blanks: [' ', ''] })).toBe(false);
    expect(hasAnswer(fill, { blanks: ['', 'x'] })).toBe(true);
    expect(hasAnswer({ quType: 99, subList: [single] }, { subs: { q1: { answers: ['a'] } } })).toBe(true);
    expect(hasAnswer({ quType: 99, subList: [single] }, { subs: {} })).toBe(false);
  });
});
