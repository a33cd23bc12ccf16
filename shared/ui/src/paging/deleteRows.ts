import { Message } from '@arco-design/web-react';
import { post } from '@exam/api';
import { confirmAction } from '../confirmAction';
import type { RowId } from './types';

/** Asks, posts `{ ids }` to `url`, reports success; resolves true when rows were deleted. */
export async function deleteRows(url: string, ids: RowId[]): Promise<boolean> {
  if (!(await confirmAction({ content: '确实要删除吗?' }))) return false;
  try {
    await post(url, { ids });
  } catch {
    return false; // the client has already told the user
  }
  Message.success('删除成功!');
  return true;
}
