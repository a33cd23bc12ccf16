import type { ReactNode } from 'react';
import { Button, Message } from '@arco-design/web-react';
import { confirmAction } from './confirmAction';
import { Permission } from './Permission';

/** Runs a write and says `ok` when it worked (a failure was already shown by the client); true when it worked. */
export async function runAndSay(run: () => Promise<unknown>, ok: string): Promise<boolean> {
  try {
    await run();
  } catch {
    return false;
  }
  Message.success(ok);
  return true;
}

/** Spec admin §5: asks (确实要删除吗? unless `content` names what goes), deletes, reports 删除成功!; true when deleted. */
export async function confirmDelete(
  run: () => Promise<unknown>,
  content: ReactNode = '确实要删除吗?',
): Promise<boolean> {
  return (await confirmAction({ content })) && runAndSay(run, '删除成功!');
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
