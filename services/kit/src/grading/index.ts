export * from './types';
export { gradeQuestion, splitAlternatives } from './grade';
export { validateQuestion, type QuDraft, type QuDraftOption } from './validate';
