import { api } from '@exam/store';

/**
 * The course remote's part of the shared RTK Query api. Features inject their endpoints here; the tags
 * let a write refresh every list that shows what it changed (e.g. saving progress refreshes my courses).
 */
export const courseApiBase = api.enhanceEndpoints({
  addTagTypes: ['Course', 'CourseFile', 'CourseQa', 'MyCourse', 'CourseLearn', 'Process'],
});
