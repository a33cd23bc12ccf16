import type { ReactNode } from 'react';
import { Button, Message } from '@arco-design/web-react';
import { confirmAction } from './confirmAction';
import { Permission } from './Permission';

/**
 * Spec admin §5: asks (确实要删除吗? unless `content` names what goes), runs the delete, reports 删除成功!;
 * true when it was deleted. A failed delete was already shown by the client.
 */
export async function confirmDelete(
  run: () => Promise<unknown>,
  content: ReactNode = '确实要删除吗?',
): Promise<boolean> {
  if (!(await confirmAction({ content }))) return false;
  try {
    await run();
  } catch {
    return false;
  }
  Message.success('删除成功!');
  return true;
}

/** A row's 删除 for holders of `permission` (confirmDelete around `onDelete`). */
export function DeleteButton({ permission, onDelete }: { permission: string; onDelete: () => Promise<unknown> }) {
  return (
    <Permission codes={[permission]}>
      <Button type="text" size="small" status="danger" onClick={() => void confirmDelete(onDelete)}>
        删除
      </Button>
    </Permission>
  );
}
