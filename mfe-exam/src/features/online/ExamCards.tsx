import { lazy, type ReactNode, useState } from 'react';
import { Button, Card, Descriptions, Link, Space, Tag } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { EXAM_FLAG_TITLES, type MyExamItem, type OpenExamItem, OrderItemType, yuanToFen } from '@exam/contracts';
import { BuyButton, ImageBox, OnceOpened, PriceTag, useBought } from '@exam/ui';
import { useExamBuyMutation, useExamJoinMutation } from '../check/learnerApi';
import { RESULT_HIDDEN, chanceText, timeWindow } from '../exams/examText';
import { PassTag } from '../exams/PassTag';

// Loaded when a learner first asks to apply: the list's first load needs neither Form nor Modal.
const ApplyDialog = lazy(() => import('../check/ApplyDialog').then((m) => ({ default: m.ApplyDialog })));

const FLAG_COLORS: Record<string, string> = {
  NOT_START: 'gray',
  READY_START: 'arcoblue',
  PROCESSING: 'orange',
  WAIT_REVIEW: 'purple',
  IN_REVIEW: 'purple',
  FINISHED: 'green',
  OVERDUE: 'red',
};
export const FlagTag = ({ flag }: { flag: string }) => (
  <Tag color={FLAG_COLORS[flag]}>{EXAM_FLAG_TITLES[flag] ?? flag}</Tag>
);

type Common = Pick<
  MyExamItem,
  | 'title'
  | 'price'
  | 'points'
  | 'startTime'
  | 'endTime'
  | 'totalTime'
  | 'totalScore'
  | 'qualifyScore'
  | 'chance'
  | 'stateFlag'
>;
const facts = (e: Common) => [
  { label: '考试时间', value: timeWindow(e.startTime, e.endTime) },
  { label: '考试时长', value: `${e.totalTime} 分钟` },
  { label: '试卷总分', value: e.totalScore },
  { label: '及格分数', value: e.qualifyScore },
  { label: '考试机会', value: chanceText(e.chance) },
];
/** The exam's cover, or the default cover (spec admin §2 image box), as a wide banner over the card. */
const ExamCover = ({ e }: { e: Common & { cover: string } }) => (
  <ImageBox src={e.cover} alt={e.title} ratio={3} kind="exam" />
);
// A long title is cut whole-glyph with an ellipsis before the price tag, and reads in full on hover.
const CardTitle = ({ e }: { e: Common }) => (
  <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
    <FlagTag flag={e.stateFlag} />
    <span title={e.title} style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {e.title}
    </span>
  </div>
);

/** The card of both lists: cover, state and title, price and the exam's facts, then what the list adds. */
function ExamCard({
  exam,
  testId,
  children,
}: {
  exam: Common & { cover: string };
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      hoverable
      cover={<ExamCover e={exam} />}
      title={<CardTitle e={exam} />}
      extra={<PriceTag price={exam.price} points={exam.points} />}
      data-testid={testId}
    >
      <Descriptions column={1} size="small" labelStyle={{ width: 80 }} data={facts(exam)} />
      {children}
    </Card>
  );
}

/**
 * 进入考试, or 购买 ￥… while a priced exam is not bought (its paper would be refused): paid, the card offers 进入考试.
 * `long` on the card of my exams, where it is the card's one button.
 */
function EnterButton({ exam, disabled, long }: { exam: Common & { id: string }; disabled?: boolean; long?: boolean }) {
  const navigate = useNavigate();
  const priced = exam.price > 0;
  const bought = useBought(OrderItemType.EXAM, priced);
  const [buy] = useExamBuyMutation();
  if (priced && !bought(exam.id))
    return (
      <BuyButton
        fen={yuanToFen(exam.price)}
        points={exam.points}
        buy={() => buy({ id: exam.id }).unwrap()}
        // The paid orders are asked again (BuyButton): this exam then counts as bought and 进入考试 shows.
        onPaid={() => undefined}
        button={{ long, disabled }}
      />
    );
  return (
    <Button type="primary" long={long} disabled={disabled} onClick={() => navigate(`/pages/exam/check/${exam.id}`)}>
      进入考试
    </Button>
  );
}

/** Spec learner §4: pass status only once FINISHED, otherwise 待出分. */
function ScoreAndPass({ exam }: { exam: MyExamItem }) {
  return (
    <>
      <span>我的成绩 {exam.maxScore ?? '--'}</span>
      <PassTag passed={exam.stateFlag === 'FINISHED' ? exam.passed : null} />
    </>
  );
}

/** A card of "my exams" (spec learner §2): the record box appears once the learner has tried. */
export function MyExamCard({ exam }: { exam: MyExamItem }) {
  const navigate = useNavigate();
  const [applying, setApplying] = useState(false);
  return (
    <ExamCard exam={exam} testId="my-exam-card">
      <Space size={16} style={{ margin: '4px 0' }}>
        <Link onClick={() => navigate(`/pages/paper/list?examId=${exam.id}`)}>考试记录</Link>
        <Link
          disabled={!exam.showBook}
          onClick={() => exam.showBook && navigate(`/pages/book/list?refId=${exam.id}&refType=exam`)}
        >
          考试错题
        </Link>
        <Link onClick={() => setApplying(true)}>考试申请</Link>
      </Space>
      <OnceOpened open={applying}>
        <ApplyDialog examId={exam.id} visible={applying} onClose={() => setApplying(false)} />
      </OnceOpened>
      {exam.tryCount > 0 && (
        <div
          style={{ background: 'var(--color-fill-2)', padding: 8, margin: '8px 0', borderRadius: 4 }}
          data-testid="exam-record-box"
        >
          <Space wrap>
            {exam.resultType !== RESULT_HIDDEN && <ScoreAndPass exam={exam} />}
            <span>
              已考 {exam.tryCount} 次{exam.chance > 0 ? `，剩余 ${Math.max(0, exam.chance - exam.tryCount)} 次` : ''}
            </span>
          </Space>
        </div>
      )}
      <EnterButton exam={exam} long disabled={exam.stateFlag === 'OVERDUE' || exam.stateFlag === 'NOT_START'} />
    </ExamCard>
  );
}

/** A card of "open exams" with the join toggle (joined exams show in my exams). */
export function OpenExamCard({ exam }: { exam: OpenExamItem }) {
  const [joined, setJoined] = useState(exam.hasJoin);
  const [join] = useExamJoinMutation();
  const toggle = async () => setJoined((await join({ id: exam.id }).unwrap()).hasJoin);
  return (
    <ExamCard exam={exam} testId="open-exam-card">
      <Space style={{ marginTop: 8 }}>
        <Button onClick={toggle}>{joined ? '取消加入' : '加入我的考试'}</Button>
        <EnterButton exam={exam} />
      </Space>
    </ExamCard>
  );
}
