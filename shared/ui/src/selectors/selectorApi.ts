import { DepartCalls, RoleCalls } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

/**
 * What the shared selectors read, injected once into the page's api. The tags are the ones the system
 * remote's role and department writes invalidate, so a selector open elsewhere shows the change.
 */
export const selectorApi = api.enhanceEndpoints({ addTagTypes: ['Role', 'Depart'] }).injectEndpoints({
  endpoints: (b) => ({
    selectorRoleList: queryCall(b, RoleCalls.list, { providesTags: ['Role'] }),
    selectorDepartTree: queryCall(b, DepartCalls.treeSelect, { providesTags: ['Depart'] }),
  }),
});

export const { useSelectorRoleListQuery, useSelectorDepartTreeQuery } = selectorApi;
