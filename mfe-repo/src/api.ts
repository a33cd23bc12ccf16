import { api } from '@exam/store';

/** The repo remote's part of the shared RTK Query api; features inject their endpoints here. */
export const repoApiBase = api.enhanceEndpoints({ addTagTypes: ['RepoChapter'] });
