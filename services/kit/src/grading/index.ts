export * from './types';
export { compositeShare, gradeQuestion, round2, splitAlternatives } from './grade';
export { validateQuestion, type QuDraft, type QuDraftOption } from './validate';
