import { useCallback, useEffect, useRef } from 'react';
import { Message, Modal } from '@arco-design/web-react';
import { type ApiError, call, Code } from '@exam/api';
import { type DataOf, PaperCalls, type PaperDetail } from '@exam/contracts';
import { AbsenceTracker } from './absence';
import { enterFullscreen, FULLSCREEN_UNSUPPORTED_MSG, fullscreenSupported, isFullscreen } from './fullscreen';

/** The leave check tick (spec learner §9). */
export const LEAVE_CHECK_MS = 3000;

/**
 * Leave monitor (spec learner §4): when the exam limits leaves, the page must be fullscreen, and an
 * absence (tab hidden for at least leaveSec, or fullscreen left) is reported once to the server,
 * which counts it and hands in over the limit. Fullscreen is entered from the opening dialog's
 * button (browsers need a user gesture); the 3 s check re-enters it, and when the browser refuses
 * (no gesture in a timer) a dialog asks the learner to click back into fullscreen.
 * Returns `report`, which other checks (developer tools) use to count a leave the same way.
 */
export function useLeaveMonitor(paper: PaperDetail | undefined, onOverLimit: () => void) {
  const over = useRef(onOverLimit);
  over.current = onOverLimit;
  const on = !!paper?.leaveOn;
  const paperId = paper?.id;
  const limit = paper?.leaveLimit ?? 0;
  const minSec = paper?.leaveSec ?? 0;
  const armed = useRef(false);
  const asking = useRef(false);

  const report = useCallback(async () => {
    if (!paperId) return;
    let r: DataOf<typeof PaperCalls.leaveIncr>;
    try {
      r = await call(PaperCalls.leaveIncr, { id: paperId }, { silent: true });
    } catch (e) {
      // 20010001: the paper is already closed (handed in meanwhile); other failures are not the learner's leave.
      if ((e as ApiError).code === Code.EXAM_OVER) over.current();
      return;
    }
    if (r.overLimit) {
      Modal.error({
        title: '强制交卷',
        content: `您已离开考试页面 ${r.leaveTimes} 次，超过 ${limit} 次，系统已自动交卷！`,
      });
      over.current();
    } else {
      Modal.warning({
        title: '离开提醒',
        content: `您已离开考试页面 ${r.leaveTimes} 次，离开超过 ${limit} 次将强制交卷！`,
      });
    }
  }, [paperId, limit]);

  useEffect(() => {
    if (!on) return;
    const canFull = fullscreenSupported();
    if (!canFull) Message.warning({ content: FULLSCREEN_UNSUPPORTED_MSG, duration: 6000 });
    Modal.warning({
      title: '考试提醒',
      content: `本场考试离开页面超过 ${limit} 次将强制交卷，请勿切换页面！${canFull ? '考试期间请保持全屏。' : ''}`,
      okText: canFull ? '我知道了，进入全屏' : '我知道了',
      maskClosable: false,
      escToExit: false,
      // This click is the user gesture that lets the page go fullscreen; checks start after it.
      onOk: () => {
        armed.current = true;
        if (canFull) void enterFullscreen();
      },
    });
  }, [on, limit]);

  useEffect(() => {
    if (!on || !paperId) return;
    const needFull = fullscreenSupported();
    const tracker = new AbsenceTracker(minSec, needFull);
    const visible = () => document.visibilityState !== 'hidden';
    const onChange = () => {
      if (!visible()) tracker.hidden();
      else if (tracker.visible(isFullscreen())) void report();
    };
    const askBack = () => {
      if (asking.current) return;
      asking.current = true;
      Modal.warning({
        title: '请返回全屏',
        content: '考试期间须保持全屏，请点击下方按钮返回全屏继续作答。',
        okText: '返回全屏',
        maskClosable: false,
        escToExit: false,
        onOk: () => {
          asking.current = false;
          void enterFullscreen();
        },
      });
    };
    const check = async () => {
      if (!armed.current || !needFull) return;
      const full = isFullscreen();
      if (tracker.check(visible(), full)) void report();
      if (!full && visible() && !(await enterFullscreen())) askBack();
    };
    document.addEventListener('visibilitychange', onChange);
    const timer = setInterval(() => void check(), LEAVE_CHECK_MS);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      clearInterval(timer);
    };
  }, [on, paperId, minSec, report]);

  return { report: on ? report : undefined };
}
