import { Message } from '@arco-design/web-react';
import { confirmAction } from '@exam/ui';

/** Spec admin §5: asks 确实要删除吗?, runs the delete mutation, reports 删除成功!. */
export async function confirmDelete(run: () => Promise<unknown>): Promise<boolean> {
  if (!(await confirmAction({ content: '确实要删除吗?' }))) return false;
  try {
    await run();
  } catch {
    return false; // the api layer has already shown the server's message
  }
  Message.success('删除成功!');
  return true;
}
