import { fmtTime, type schema } from '@exam/server-kit';

/** What every list of exams shows of one, the admin's and the learner's alike. */
export const examSummary = (e: typeof schema.elExam.$inferSelect) => ({
  id: e.id,
  title: e.title,
  cover: e.cover,
  state: e.state,
  openType: e.openType,
  startTime: fmtTime(e.startTime),
  endTime: fmtTime(e.endTime),
  totalTime: e.totalTime,
  totalScore: e.totalScore,
  qualifyScore: e.qualifyScore,
  chance: e.chance,
  price: e.price,
});
