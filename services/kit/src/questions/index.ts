/** Questions as both the repo and the exam service read them, and the wrong-answer book's writer (issue 37). */
export { type FullQu, loadQuestions } from './load';
export { rightItems, toGrade, toSolution, toView } from './shapes';
export { type BookKey, dropEmpty, recordAnswerInBook, recordAnswersInBook } from './book';
export { inHandedPaper, inUnfinishedPaper } from './papers';
