import { useEffect } from 'react';
import { Message } from '@arco-design/web-react';

export const PROCESS_CACHE_KEY = 'exam-process-cache';
export const PASTE_BLOCKED_MSG = '考试期间不能复制粘贴哦！';

/** Typing fields keep selection (the learner edits answers there); everything else is unselectable. */
const isField = (t: EventTarget | null) => t instanceof HTMLElement && !!t.closest('input, textarea, [contenteditable="true"]');

/**
 * While the exam screen is open: the exam-process-cache flag is set (spec learner §2; the shell clears
 * it and reloads the page when the learner leaves the exam routes, so it is not removed here), the
 * right-click menu, text selection and pasting are disabled (spec learner §4: paste is blocked during exams).
 */
export function useExamGuard() {
  useEffect(() => {
    localStorage.setItem(PROCESS_CACHE_KEY, 'yes');
    const noMenu = (e: Event) => e.preventDefault();
    const noSelect = (e: Event) => { if (!isField(e.target)) e.preventDefault(); };
    const noPaste = (e: Event) => {
      e.preventDefault();
      Message.warning(PASTE_BLOCKED_MSG);
    };
    document.addEventListener('contextmenu', noMenu);
    document.addEventListener('selectstart', noSelect);
    document.addEventListener('paste', noPaste, true);
    return () => {
      document.removeEventListener('contextmenu', noMenu);
      document.removeEventListener('selectstart', noSelect);
      document.removeEventListener('paste', noPaste, true);
    };
  }, []);
}
