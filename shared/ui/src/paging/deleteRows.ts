import { confirmDelete } from '../confirmDelete';
import { usePagingDeleteMutation } from './pagingApi';
import type { RowId } from './types';

/**
 * The delete of the paging widgets: asks, sends `{ ids }` to `url` (a contract's path), reports success;
 * resolves true when rows were deleted.
 */
export function useDeleteRows(): (url: string, ids: RowId[]) => Promise<boolean> {
  const [send] = usePagingDeleteMutation();
  return (url, ids) => confirmDelete(() => send({ url, ids }).unwrap());
}
