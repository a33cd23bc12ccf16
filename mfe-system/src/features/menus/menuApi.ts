import { MenuCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

export const menuApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    menuTree: queryCall(b, MenuCalls.tree, { providesTags: ['Menu'] }),
    menuSave: mutationCall(b, MenuCalls.save, { invalidatesTags: ['Menu'] }),
    menuRemove: mutationCall(b, MenuCalls.remove, { invalidatesTags: ['Menu', 'RoleMenu'] }),
    menuSort: mutationCall(b, MenuCalls.sort, { invalidatesTags: ['Menu'] }),
  }),
});

export const { useMenuTreeQuery, useMenuSaveMutation, useMenuRemoveMutation, useMenuSortMutation } = menuApi;
