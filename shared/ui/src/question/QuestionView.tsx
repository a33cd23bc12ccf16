import { Tag } from '@arco-design/web-react';
import { CHOICE_TYPES, QuType, type LearnerAnswer, type QuSolution, type QuView } from '@exam/contracts';
import { RichText } from '../editor/RichText';
import { FillInput, MatchInput } from './BlankInputs';
import { ChoiceInput } from './ChoiceInput';
import { ShortAnswerInput } from './ShortAnswerInput';
import { SolutionPanel } from './SolutionPanel';

export interface QuestionViewProps {
  qu: QuView | Omit<QuView, 'subList'>;
  value: LearnerAnswer;
  onChange: (a: LearnerAnswer) => void;
  /** Answered (or remember mode): inputs are read-only. */
  locked: boolean;
  /** Shown when given: right answers marked, analysis below. */
  solution?: QuSolution | Omit<QuSolution, 'subList'>;
  result?: boolean | null;
  /** Number shown before the stem. */
  index?: number;
  /** Short answers offer the audio recorder as an aid (spec admin §2). */
  answerAid?: boolean;
}

/** One question of any type with its answer input, lock state and, once known, the solution (training, exams, book). */
export function QuestionView({ qu, value, onChange, locked, solution, result, index, answerAid }: QuestionViewProps) {
  const subs = 'subList' in qu ? qu.subList : [];
  const subSolutions = solution && 'subList' in solution ? solution.subList : [];
  return (
    <div data-testid={`question-${qu.id}`}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}>
        <Tag color="arcoblue">{qu.quType_dictText}</Tag>
        {index !== undefined && <b>{index}.</b>}
        <RichText html={qu.content} />
      </div>
      {CHOICE_TYPES.includes(qu.quType) && (
        <ChoiceInput
          qu={qu}
          value={value.answers ?? []}
          onChange={(answers) => onChange({ ...value, answers })}
          locked={locked}
          solution={solution}
        />
      )}
      {qu.quType === QuType.FILL && (
        <FillInput
          count={qu.blankCount}
          value={value.blanks ?? []}
          onChange={(blanks) => onChange({ ...value, blanks })}
          locked={locked}
        />
      )}
      {qu.quType === QuType.MATCH && (
        <MatchInput
          qu={qu}
          value={value.pairs ?? []}
          onChange={(pairs) => onChange({ ...value, pairs })}
          locked={locked}
        />
      )}
      {qu.quType === QuType.SHORT && (
        <ShortAnswerInput
          value={value.text ?? ''}
          onChange={(text) => onChange({ ...value, text })}
          locked={locked}
          answerAid={answerAid}
        />
      )}
      {subs.map((s, i) => (
        <div key={s.id} style={{ margin: '12px 0 0 16px' }}>
          <QuestionView
            qu={s}
            index={i + 1}
            value={value.subs?.[s.id] ?? {}}
            onChange={(a) => onChange({ ...value, subs: { ...value.subs, [s.id]: a } })}
            locked={locked}
            answerAid={answerAid}
            solution={subSolutions.find((x) => x.quId === s.id)}
          />
        </div>
      ))}
      {solution && qu.quType !== QuType.COMPOSITE && <SolutionPanel qu={qu} solution={solution} result={result} />}
      {solution && qu.quType === QuType.COMPOSITE && (
        <SolutionPanel qu={{ quType: QuType.COMPOSITE, answerList: [] }} solution={solution} result={result} />
      )}
    </div>
  );
}
