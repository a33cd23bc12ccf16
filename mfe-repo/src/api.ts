import { api } from '@exam/store';

/**
 * The repo remote's part of the shared RTK Query api; features inject their endpoints here. The tags let a
 * write refresh what shows it (saving a chapter refreshes the chapter lists, a note the question's mark bar).
 */
export const repoApiBase = api.enhanceEndpoints({
  addTagTypes: ['Repo', 'RepoChapter', 'Qu', 'QuMark', 'Train', 'TrainRun'],
});
