import { ClientExamCalls, PaperCalls } from '@exam/contracts';
import type { FirstCalls } from '@exam/shell';
import { firstPageBody } from '@exam/ui';

/** 我的考试 as ExamOnline first asks for it: the first page of cards, of every flag, with no filter. */
export const EXAM_CARDS_PER_PAGE = 10;
export const FIRST_FLAG = 'ALL';

/** The calls this remote's views make as they first draw: a shell's early start sends them while the view loads. */
export const firstCalls: FirstCalls = {
  ExamOnline: () => [
    { url: ClientExamCalls.minePaging.url, body: firstPageBody({ flag: FIRST_FLAG }, EXAM_CARDS_PER_PAGE) },
  ],
  // useExamPaper's one call for the whole paper.
  StartExam: ({ id }) => (id ? [{ url: PaperCalls.paperView.url, body: { id } }] : []),
};
