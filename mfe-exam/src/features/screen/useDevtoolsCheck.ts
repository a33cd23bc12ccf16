import { useEffect, useRef } from 'react';
import { Modal } from '@arco-design/web-react';
import { devtoolsOpen } from './fullscreen';

/** The anti-cheat tick (spec learner §9). */
export const DEVTOOLS_CHECK_MS = 3000;
export const DEVTOOLS_MSG = '考试期间不允许使用调试模式，请关闭开发者工具后继续作答！';

/**
 * Anti-cheat check (spec learner §4): every 3 s, docked developer tools (outer window more than
 * 300 px larger than the inner one) bring up a warning. Decision: opening them counts as ONE leave
 * per opening when the exam's leave monitor is on (`countLeave`), because the learner has left the
 * answer page for a tool that can read or change it; the limit and the server's hand-in then apply
 * exactly as for switching tabs. We do not redirect to the exam list (the spec's original): that
 * would punish a false alarm (a small window) harder than a real leave.
 */
export function useDevtoolsCheck(active: boolean, countLeave: (() => Promise<void>) | undefined) {
  const count = useRef(countLeave);
  count.current = countLeave;
  useEffect(() => {
    if (!active) return;
    let open = false;
    const timer = setInterval(() => {
      const now = devtoolsOpen(window);
      if (now && !open) {
        Modal.warning({ title: '调试模式', content: DEVTOOLS_MSG });
        void count.current?.();
      }
      open = now;
    }, DEVTOOLS_CHECK_MS);
    return () => clearInterval(timer);
  }, [active]);
}
