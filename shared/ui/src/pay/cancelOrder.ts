import { Message } from '@arco-design/web-react';
import { call } from '@exam/api';
import { ClientOrderCalls } from '@exam/contracts';
import { confirmAction } from '../confirmAction';

/**
 * 取消订单 after a confirmation: true when it was cancelled (the server gives back its points). A refusal (it was
 * paid meanwhile) has been shown by the api client.
 */
export async function cancelOrder(id: string): Promise<boolean> {
  if (!(await confirmAction({ content: '确定要取消该订单吗？' }))) return false;
  try {
    await call(ClientOrderCalls.cancel, { id });
  } catch {
    return false;
  }
  Message.success('订单已取消！');
  return true;
}
