import { RoleCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

export const roleApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    roleList: queryCall(b, RoleCalls.list, { providesTags: ['Role'] }),
    roleSave: mutationCall(b, RoleCalls.save, { invalidatesTags: ['Role'] }),
    roleListMenus: queryCall(b, RoleCalls.listMenus, { providesTags: ['RoleMenu'] }),
    roleSaveMenus: mutationCall(b, RoleCalls.saveMenus, { invalidatesTags: ['RoleMenu'] }),
  }),
});

export const { useRoleListQuery, useRoleSaveMutation, useRoleListMenusQuery, useRoleSaveMenusMutation } = roleApi;
