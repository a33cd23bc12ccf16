export { ChoiceInput } from './ChoiceInput';
export { QuestionView, type QuestionViewProps } from './QuestionView';
export { SolutionPanel } from './SolutionPanel';
export { hasAnswer, submitsOnPick } from './answer';
