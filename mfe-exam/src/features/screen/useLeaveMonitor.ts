import { useEffect, useRef } from 'react';
import { Modal } from '@arco-design/web-react';
import { ApiError, Code, post } from '@exam/api';
import { PaperCalls, type PaperDetail } from '@exam/contracts';

/**
 * Leave monitor (spec learner §4): when the exam limits leaves, an absence of at least leaveSec
 * seconds is reported on return (the server counts it); over the limit the server has handed in.
 */
export function useLeaveMonitor(paper: PaperDetail | undefined, onOverLimit: () => void) {
  const hiddenAt = useRef(0);
  const over = useRef(onOverLimit);
  over.current = onOverLimit;
  const on = !!paper?.leaveOn;
  const paperId = paper?.id;
  const limit = paper?.leaveLimit ?? 0;
  const minSec = paper?.leaveSec ?? 0;

  useEffect(() => {
    if (!on) return;
    Modal.warning({ title: '考试提醒', content: `本场考试离开页面超过 ${limit} 次将强制交卷，请勿切换页面！` });
  }, [on, limit]);

  useEffect(() => {
    if (!on || !paperId) return;
    const onChange = async () => {
      if (document.visibilityState === 'hidden') { hiddenAt.current = Date.now(); return; }
      if (!hiddenAt.current) return;
      const away = (Date.now() - hiddenAt.current) / 1000;
      hiddenAt.current = 0;
      if (away < minSec) return;
      let r: { leaveTimes: number; overLimit: boolean };
      try {
        r = await post(PaperCalls.leaveIncr.url, { id: paperId }, { silent: true });
      } catch (e) {
        // 20010001: the paper is already closed (handed in meanwhile); other failures are not the learner's leave.
        if ((e as ApiError).code === Code.EXAM_OVER) over.current();
        return;
      }
      if (r.overLimit) {
        Modal.error({ title: '强制交卷', content: `您已离开考试页面 ${r.leaveTimes} 次，超过 ${limit} 次，系统已自动交卷！` });
        over.current();
      } else {
        Modal.warning({ title: '离开提醒', content: `您已离开考试页面 ${r.leaveTimes} 次，离开超过 ${limit} 次将强制交卷！` });
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [on, paperId, limit, minSec]);
}
