import { useEffect, useRef } from 'react';
import { confirmAction } from '@exam/ui';

/**
 * The browser's back button on the exam screen asks first instead of leaving without a word: an entry of the
 * same address is kept above the screen's own, so back only pops it; the learner then chooses to stay (the
 * entry is put back) or to leave (back once more). Answers are saved as they are given either way.
 */
export function useBackGuard(active: boolean) {
  const leaving = useRef(false);
  useEffect(() => {
    if (!active) return;
    history.pushState({ ...history.state, examGuard: true }, '', location.href);
    const onPop = () => {
      if (leaving.current) return;
      void confirmAction({
        title: '离开考试',
        content: '考试仍在进行，计时不会暂停。确定要离开考试页面吗？已作答的答案已保存，可从考试列表继续考试。',
      }).then((leave) => {
        if (leave) {
          leaving.current = true;
          history.back();
        } else {
          history.pushState({ ...history.state, examGuard: true }, '', location.href);
        }
      });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [active]);
}
