import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { LearnerAnswer, QuView } from '@exam/contracts';
import { QuestionView } from '../index';
import { resetScreen } from '../testing';

const short: QuView = { level: 1, blankCount: 0, rightList: [], subList: [], id: 'q4', quType: 4, quType_dictText: '简答', content: '<p>谈谈安全</p>', answerList: [] };

describe('short answer with the recorder as an aid', () => {
  afterEach(resetScreen);

  it('offers 录音作答 only where the screen allows it and never once locked', () => {
    const { rerender } = render(<QuestionView qu={short} value={{}} onChange={() => undefined} locked={false} />);
    expect(screen.queryByText('录音作答')).toBeNull();
    rerender(<QuestionView qu={short} value={{}} onChange={() => undefined} locked answerAid />);
    expect(screen.queryByText('录音作答')).toBeNull();
    rerender(<QuestionView qu={short} value={{}} onChange={() => undefined} locked={false} answerAid />);
    fireEvent.click(screen.getByText('录音作答'));
    expect(screen.getByTestId('audio-recorder').getAttribute('data-state')).toBe('0');
  });

  it('keeps the written answer editable beside it', () => {
    let got: LearnerAnswer = {};
    render(<QuestionView qu={short} value={{ text: '先写' }} onChange={(a) => (got = a)} locked={false} answerAid />);
    fireEvent.change(screen.getByLabelText('作答内容'), { target: { value: '先写再录' } });
    expect(got.text).toBe('先写再录');
  });
});
