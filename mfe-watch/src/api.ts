import { api } from '@exam/store';

/** The watch remote's part of the shared RTK Query api: a write (forced hand-in) refreshes the grid and stats. */
export const watchApiBase = api.enhanceEndpoints({ addTagTypes: ['Watch'] });
