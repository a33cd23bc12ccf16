import type { GradeQu } from '@exam/server-kit';
import { type FullQu, toGrade as repoToGrade } from '@exam/svc-repo';

/** Questions are the repo service's: one loader, one learner view, one solution for training and exams. */
export { type FullQu, loadQuestions, toSolution } from '@exam/svc-repo';

/** Grading input with the question's worth in this paper (composite children share it equally). */
export const toGrade = (q: FullQu, score?: number): GradeQu => ({ ...repoToGrade(q), score });
