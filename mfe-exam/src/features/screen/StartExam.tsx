import { useCallback, useEffect, useRef } from 'react';
import { Button, Card, Grid, Message, Space, Spin, Typography } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { type ApiError, call, Code } from '@exam/api';
import { PaperCalls, type LearnerAnswer } from '@exam/contracts';
import { contentShown, selectUser, useAppSelector } from '@exam/store';
import { BottomSheet, confirmAction, ErrorResult, preloadConfirm, useIsMobile } from '@exam/ui';
import { AnswerSheet } from './AnswerSheet';
import { QuestionPanel } from './QuestionPanel';
import { SaveStatus } from './SaveStatus';
import { useCameraCapture } from './useCameraCapture';
import { hms, useCountdown } from './useCountdown';
import { useBackGuard } from './useBackGuard';
import { useExamGuard } from './useExamGuard';
import { useDevtoolsCheck } from './useDevtoolsCheck';
import { useExamPaper } from './useExamPaper';
import { useLeaveMonitor } from './useLeaveMonitor';
import { useReminder } from './useReminder';
import { toSaveBody as toBody } from './saveQueue';
import { VideoPreview } from './VideoPreview';

/** Pause in typing after which a typed answer is saved (blur saves at once). */
const TYPING_SAVE_MS = 1000;
/** Delay before leaving for the exam list once the server says the exam is over (spec learner §4). */
const BREAK_DELAY_MS = 1500;

/** The exam screen (route /pages/exam/start/:id, StartExam): timer, answer card, question panel, autosave, hand-in. */
export default function StartExam() {
  const { id: paperId = '' } = useParams();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const leaving = useRef(false);
  // The paper is closed (its saves already dropped: they can never be stored).
  const onOver = useCallback(
    (msg: string) => {
      if (leaving.current) return;
      leaving.current = true;
      Message.warning(msg);
      setTimeout(() => navigate('/pages/exam?break=1'), BREAK_DELAY_MS);
    },
    [navigate],
  );
  const p = useExamPaper(paperId, onOver);
  const q = p.saves;
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Kept saves of a handed-in paper can never be stored: they are forgotten when the screen ends.
  const { clear: discardSaves } = q;
  const toResult = useCallback(() => {
    leaving.current = true;
    discardSaves();
    navigate(`/pages/exam/result/${paperId}`);
  }, [navigate, paperId, discardSaves]);

  const handIn = useCallback(
    async (timeout = false) => {
      if (leaving.current) return;
      clearTimeout(typing.current);
      await q.flush(); // what is still queued goes first, while the server's grace allows it
      // A hand-in now would close the paper on answers the server has not got yet: keep them queued.
      // At the deadline the server hands in by itself once its grace for saves in flight is over.
      if (q.pending()) {
        Message.warning(
          timeout
            ? '考试时间到，答案正在保存，网络恢复后系统将自动交卷'
            : `还有 ${q.pending()} 题答案未保存，请等网络恢复后再交卷`,
        );
        return;
      }
      try {
        await call(PaperCalls.handExam, { id: paperId }, { silent: true });
        toResult();
      } catch (e) {
        const err = e as ApiError;
        if (err.code === Code.EXAM_OVER)
          toResult(); // already handed in (by the server at the deadline)
        else Message.error(err.msg);
      }
    },
    [paperId, q, toResult],
  );

  const left = useCountdown(
    paperId,
    p.paper?.leftSeconds,
    () => {
      Message.info('考试时间到，系统自动交卷');
      void handIn(true);
    },
    q.left,
  );
  useExamGuard(p.paper?.pasteBlock);
  useBackGuard(!!p.paper);
  // Leaves, developer tools and the camera end the screen the same way: the server has handed in.
  const leave = useLeaveMonitor(p.paper, toResult);
  useDevtoolsCheck(!!p.paper, leave.report);
  const camera = useCameraCapture(p.paper, toResult);
  const mobile = useIsMobile();
  useReminder(user?.id, p.paper?.examId, toResult);
  // Once the paper is there (not before it draws): the page's secondary parts may load, and 交卷's confirmation is
  // loaded so it opens even offline.
  const drawn = !!p.paper;
  useEffect(() => {
    if (!drawn) return;
    contentShown();
    preloadConfirm();
  }, [drawn]);

  // One hand-in question at a time: a double click on 交卷 opened a second confirmation over the first (and a click
  // on the mask no longer answers for the learner, confirmAction).
  const asking = useRef(false);
  if (p.error)
    return (
      <ErrorResult
        status="warning"
        title={p.error}
        extra={<Button onClick={() => navigate('/pages/exam')}>返回考试列表</Button>}
      />
    );
  if (!p.paper) return <Spin style={{ display: 'block', margin: 48 }} />;
  const cur = p.current;
  const paper = p.paper;
  const flag = cur ? (p.flags[cur.quId] ?? cur) : undefined;
  const saveNow = (quId: string) => q.save(quId, toBody(p.answers[quId] ?? {}, p.flags[quId]?.mark ?? false));
  const onChange = (a: LearnerAnswer, now: boolean) => {
    if (!cur) return;
    p.setAnswer(cur.quId, a);
    clearTimeout(typing.current);
    const body = toBody(a, flag?.mark ?? false);
    if (now) q.save(cur.quId, body);
    else
      typing.current = setTimeout(() => {
        typing.current = undefined;
        q.save(cur.quId, body);
      }, TYPING_SAVE_MS);
  };
  const onMark = () => {
    if (!cur || !flag || !p.qu) return; // the answer must be loaded, or the mark save would clear it
    p.setFlag(cur.quId, { ...flag, mark: !flag.mark });
    q.save(cur.quId, toBody(p.answers[cur.quId] ?? {}, !flag.mark));
  };
  const answered = p.card.filter((c) => (p.flags[c.quId] ?? c).answered).length;
  const confirmHand = () => {
    if (asking.current) return;
    asking.current = true;
    const empty = p.card.length - answered;
    void confirmAction({
      title: '确认交卷',
      content: empty ? `还有 ${empty} 题未作答，确定要交卷吗？` : '确定要交卷吗？交卷后不能再修改答案。',
    }).then((ok) => {
      asking.current = false;
      if (ok) void handIn();
    });
  };
  return (
    <div style={{ padding: mobile ? 0 : 16, userSelect: 'none' }}>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title heading={5} style={{ margin: 0 }}>
            {p.paper.title}
          </Typography.Title>
          <Space size={mobile ? 12 : 24} wrap>
            <SaveStatus state={q.state} queued={q.queued} />
            <Typography.Text>
              剩余时间{' '}
              <b data-testid="exam-timer" style={{ fontSize: 18, color: left < 300 ? 'rgb(var(--red-6))' : undefined }}>
                {hms(left)}
              </b>
            </Typography.Text>
            <Button type="primary" status="danger" onClick={confirmHand}>
              交卷
            </Button>
          </Space>
        </Space>
      </Card>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={17} style={{ marginBottom: 16 }}>
          <QuestionPanel
            qu={p.qu}
            index={p.index}
            count={p.card.length}
            value={(cur && p.answers[cur.quId]) ?? {}}
            mark={flag?.mark ?? false}
            onChange={onChange}
            onBlur={() => {
              clearTimeout(typing.current);
              if (cur) saveNow(cur.quId);
            }}
            onMark={onMark}
            onMove={(i) => {
              if (typing.current && cur) {
                clearTimeout(typing.current);
                saveNow(cur.quId);
              }
              p.setIndex(i);
            }}
          />
        </Grid.Col>
        <Grid.Col xs={24} lg={7}>
          {/* Below the breakpoint the card is a bottom sheet opened by a button, so the question keeps the width. */}
          <BottomSheet title="答题卡" badge={`${answered}/${p.card.length}`} testId="answer-sheet">
            {(close) => (
              <AnswerSheet
                paper={paper}
                index={p.index}
                flags={p.flags}
                inSheet={mobile}
                onPick={(i) => {
                  p.setIndex(i);
                  close();
                }}
              />
            )}
          </BottomSheet>
        </Grid.Col>
      </Grid.Row>
      {camera && (
        <VideoPreview
          stream={camera}
          testId="exam-camera"
          style={{ position: 'fixed', left: 16, bottom: 16, width: 160, height: 120, borderRadius: 4, zIndex: 10 }}
        />
      )}
    </div>
  );
}
