export { QuestionView, type QuestionViewProps } from './QuestionView';
export { SolutionPanel } from './SolutionPanel';
export { hasAnswer, submitsOnPick, ONE_PICK } from './answer';
