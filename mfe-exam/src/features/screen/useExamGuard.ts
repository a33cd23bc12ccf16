import { useEffect } from 'react';
import { Message } from '@arco-design/web-react';

export const PROCESS_CACHE_KEY = 'exam-process-cache';
export const PASTE_BLOCKED_MSG = '考试期间不能复制粘贴哦！';

/** Typing fields keep selection (the learner edits answers there); everything else is unselectable. */
const isField = (t: EventTarget | null) =>
  t instanceof HTMLElement && !!t.closest('input, textarea, [contenteditable="true"]');

/**
 * While the exam screen is open: the exam-process-cache flag is set (spec learner §2; the shell clears
 * it and reloads the page when the learner leaves the exam routes, so it is not removed here), the
 * right-click menu and text selection are disabled, and pasting too when the exam's pasteBlock is on
 * (spec learner §4). pasteBlock is undefined until the paper is loaded: nothing is pasted before that anyway.
 */
export function useExamGuard(pasteBlock: boolean | undefined) {
  useEffect(() => {
    localStorage.setItem(PROCESS_CACHE_KEY, 'yes');
    const noMenu = (e: Event) => e.preventDefault();
    const noSelect = (e: Event) => {
      if (!isField(e.target)) e.preventDefault();
    };
    document.addEventListener('contextmenu', noMenu);
    document.addEventListener('selectstart', noSelect);
    return () => {
      document.removeEventListener('contextmenu', noMenu);
      document.removeEventListener('selectstart', noSelect);
    };
  }, []);
  useEffect(() => {
    if (!pasteBlock) return;
    const noPaste = (e: Event) => {
      e.preventDefault();
      Message.warning(PASTE_BLOCKED_MSG);
    };
    document.addEventListener('paste', noPaste, true);
    return () => document.removeEventListener('paste', noPaste, true);
  }, [pasteBlock]);
}
