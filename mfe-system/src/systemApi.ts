import { api } from '@exam/store';

/**
 * The system remote's part of the shared RTK Query api; features inject their endpoints here. 'Role' and
 * 'Depart' are also what the shared selectors provide, so a saved role or department shows in them at once.
 */
export const systemApiBase = api.enhanceEndpoints({
  addTagTypes: ['Depart', 'Role', 'RoleMenu', 'DicValue', 'Menu', 'Notice', 'Tmpl', 'Group', 'User', 'UcBind'],
});
