import { useRef, useState } from 'react';
import { Button, Card, Space, Spin, Tag } from '@arco-design/web-react';
import { IconPushpin } from '@arco-design/web-react/icon';
import { CHOICE_TYPES, QuType, type LearnerAnswer, type PaperQu, type QuView } from '@exam/contracts';
import { QuestionView, recordingCount } from '@exam/ui';

interface Props {
  qu: PaperQu | undefined;
  index: number;
  count: number;
  value: LearnerAnswer;
  mark: boolean;
  /** now: save at once (a pick, a mark); otherwise after a short pause in typing or on blur. */
  onChange: (a: LearnerAnswer, now: boolean) => void;
  onBlur: () => void;
  onMark: () => void;
  onMove: (i: number) => void;
}

/**
 * Types whose answer is typed (every type but the choice ones): saved after typing pauses or on blur, not at every
 * key. A recording added to a written answer is not typing: it is saved at once, so the upload is never left waiting
 * for a pause or a blur.
 */
const isTyped = (quType: number) => !CHOICE_TYPES.includes(quType);
/**
 * Pinned: the stem (QuestionView's first row) sticks to the top of the window while the learner
 * scrolls through the sub-questions; the sticky box is the question itself, so it goes with it.
 */
const PIN_CSS = `.exam-qu-pinned > [data-testid^="question-"] > div:first-child {
  position: sticky; top: 0; z-index: 5; background: var(--color-bg-2); padding: 8px 0;
  border-bottom: 1px solid var(--color-border-2); box-shadow: 0 4px 8px -6px rgba(0,0,0,.25); }`;

/** A paper question as QuestionView's learner-side question (no solution: the exam screen never has one). */
const toView = (q: PaperQu): QuView => ({
  ...q,
  id: q.quId,
  level: 0,
  subList: q.subList.map((s) => ({ ...s, id: s.quId, level: 0 })),
});

/** The current question with its mark toggle and previous / next. */
export function QuestionPanel({ qu, index, count, value, mark, onChange, onBlur, onMark, onMove }: Props) {
  const typed = useRef(false);
  const [pinned, setPinned] = useState(false);
  // Composite questions: a pin keeps the stem visible (spec learner §4).
  const composite = qu?.quType === QuType.COMPOSITE;
  return (
    <Card
      title={
        <Space>
          第 {index + 1} / {count} 题{qu && <Tag>{qu.score} 分</Tag>}
        </Space>
      }
      extra={
        <Space>
          {composite && (
            <Button
              size="small"
              icon={<IconPushpin />}
              type={pinned ? 'primary' : 'secondary'}
              data-testid="pin-stem"
              onClick={() => setPinned(!pinned)}
            >
              {pinned ? '取消固定题干' : '固定题干'}
            </Button>
          )}
          <Button
            size="small"
            disabled={!qu}
            status={mark ? 'warning' : undefined}
            type={mark ? 'primary' : 'secondary'}
            onClick={onMark}
          >
            {mark ? '取消标记' : '标记'}
          </Button>
        </Space>
      }
    >
      {composite && pinned && <style>{PIN_CSS}</style>}
      <Spin loading={!qu} style={{ display: 'block', minHeight: 200 }}>
        {qu && (
          <div
            className={composite && pinned ? 'exam-qu-pinned' : undefined}
            onBlur={() => {
              if (typed.current) {
                typed.current = false;
                onBlur();
              }
            }}
          >
            {/* Written answers offer the recorder (spec admin §2): the recording's address joins the answer text and is saved with it. */}
            <QuestionView
              qu={toView(qu)}
              value={value}
              locked={false}
              answerAid
              onChange={(a) => {
                typed.current = isTyped(qu.quType) && recordingCount(a) <= recordingCount(value);
                onChange(a, !typed.current);
              }}
            />
          </div>
        )}
      </Spin>
      <Space style={{ marginTop: 16 }}>
        <Button disabled={index === 0} onClick={() => onMove(index - 1)}>
          上一题
        </Button>
        <Button disabled={index >= count - 1} onClick={() => onMove(index + 1)}>
          下一题
        </Button>
      </Space>
    </Card>
  );
}
