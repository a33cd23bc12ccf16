import { Message } from '@arco-design/web-react';
import { confirmAction } from '../confirmAction';
import { usePagingDeleteMutation } from './pagingApi';
import type { RowId } from './types';

/**
 * The delete of the paging widgets: asks, sends `{ ids }` to `url` (a contract's path), reports success;
 * resolves true when rows were deleted.
 */
export function useDeleteRows(): (url: string, ids: RowId[]) => Promise<boolean> {
  const [send] = usePagingDeleteMutation();
  return async (url, ids) => {
    if (!(await confirmAction({ content: '确实要删除吗?' }))) return false;
    try {
      await send({ url, ids }).unwrap();
    } catch {
      return false; // the client has already told the user
    }
    Message.success('删除成功!');
    return true;
  };
}
