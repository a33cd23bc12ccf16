import { Alert, Form, Input, InputNumber } from '@arco-design/web-react';
import { fenToYuan, ORDER_ITEM_TITLES, type OrderRow, yuanToFen } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { EditDialog } from '@exam/ui';
import { useOrderDetailQuery, useOrderRefundMutation } from './orderApi';
import { learnerText, refundable } from './orderText';

type Values = { amount: number; reason: string };

/** What the refund does to the learner's access (the pay service's rule, docs/decisions.md "Orders and refunds"). */
function Outcome({ o, revocable, fen }: { o: OrderRow; revocable: boolean; fen: number }) {
  const item = ORDER_ITEM_TITLES[o.itemType] ?? '商品';
  const points = o.points > 0 ? `，并退还${o.points}积分` : '';
  const text =
    fen < refundable(o)
      ? `部分退款：学员保留该${item}的权限。`
      : revocable
        ? `全额退款：学员尚未使用该${item}，退款成功后将收回其权限${points}。`
        : `全额退款：学员已使用该${item}，退款成功后保留其学习记录与权限${points}。`;
  return (
    <Alert type={fen >= refundable(o) && revocable ? 'warning' : 'info'} content={text} style={{ marginBottom: 16 }} />
  );
}

/** 退款: an amount in yuan (the refundable remainder unless changed) and a reason; the provider returns the money. */
export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order?: OrderRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const detail = useOrderDetailQuery(order ? { id: order.id } : skipToken, { refetchOnMountOrArgChange: true });
  const [refund] = useOrderRefundMutation();
  const o = detail.currentData?.order;
  const left = o ? refundable(o) : 0;
  const amount = Form.useWatch('amount', form) as number | undefined;
  return (
    <EditDialog<Values>
      title="订单退款"
      visible={!!order}
      form={form}
      cols={[5, 18]}
      style={{ width: 600 }}
      initial={o && { amount: left / 100, reason: '' }}
      loading={!!order && detail.isFetching}
      failed={!!order && detail.isError}
      onSave={(v) => refund({ id: o!.id, amountFen: yuanToFen(v.amount), reason: v.reason.trim() }).unwrap()}
      success="退款申请已提交！"
      onClose={onClose}
      onSaved={onDone}
    >
      {o && detail.currentData && (
        <Outcome o={o} revocable={detail.currentData.revocable} fen={amount ? yuanToFen(amount) : left} />
      )}
      <Form.Item label="订单">{o ? `${o.itemTitle}（${learnerText(o)}）` : ''}</Form.Item>
      <Form.Item label="可退金额">
        {o ? `￥${fenToYuan(left)}（实付 ￥${fenToYuan(o.amountFen)}，已退 ￥${fenToYuan(o.refundedFen)}）` : ''}
      </Form.Item>
      <Form.Item
        label="退款金额"
        field="amount"
        rules={[
          { required: true, message: '请输入退款金额！' },
          {
            validator: (v: number | undefined, cb) =>
              cb(
                v === undefined || v === null
                  ? undefined
                  : yuanToFen(v) <= 0
                    ? '退款金额必须大于0！'
                    : yuanToFen(v) > left
                      ? '退款金额不能超过可退金额！'
                      : undefined,
              ),
          },
        ]}
      >
        <InputNumber min={0.01} precision={2} prefix="￥" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="退款原因"
        field="reason"
        rules={[
          { required: true, message: '请输入退款原因！' },
          { maxLength: 80, message: '退款原因不能超过80个字符！' },
          { validator: (v: string | undefined, cb) => cb(v?.trim() ? undefined : '请输入退款原因！') },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={80}
          showWordLimit
          placeholder="如：课程无法正常学习，学员申请退款"
        />
      </Form.Item>
    </EditDialog>
  );
}
