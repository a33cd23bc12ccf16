import { Alert, Button, Link, Result, Space, Typography } from '@arco-design/web-react';
import {
  ORDER_ITEM_TITLES,
  OrderState,
  type OrderView,
  PAY_PROVIDER_TITLES,
  type PayProviderCode,
  priceText,
} from '@exam/contracts';
import { countdownText, type PayDevice, payChoices } from './payChannel';
import { usePayOptionsQuery } from './payApi';
import { PayQr } from './PayQr';
import { usePayOrder } from './usePayOrder';

export interface PayPanelProps {
  order: OrderView;
  device: PayDevice;
  onPaid: (order: OrderView) => void;
  onCancelled?: (order: OrderView) => void;
  /** 重新购买 on a closed order (a new order of the same item); none where buying is elsewhere (我的订单). */
  onRebuy?: () => void;
  onClose: () => void;
}

// The providers' colours and a character of their names (no third-party logos shipped), as the sign-in badges.
const LOOK: Record<PayProviderCode, { bg: string; ch: string }> = {
  wxpay: { bg: '#07c160', ch: '微' },
  alipay: { bg: '#1677ff', ch: '支' },
};
const Badge = ({ p }: { p: PayProviderCode }) => (
  <span
    aria-hidden
    style={{
      display: 'inline-grid',
      placeItems: 'center',
      width: 22,
      height: 22,
      borderRadius: '50%',
      background: LOOK[p].bg,
      color: '#fff',
      fontSize: 12,
      marginRight: 8,
      verticalAlign: 'middle',
    }}
  >
    {LOOK[p].ch}
  </span>
);

const noChoiceText = (device: PayDevice) =>
  device === 'wechat' ? '微信内无法使用支付宝，请在浏览器中打开本页面完成支付！' : '暂未开通在线支付，请联系管理员！';

/** What is bought and its price, and the order's state: the ways to pay while unpaid, the outcome after. */
export function PayPanel({ order: initial, device, onPaid, onCancelled, onRebuy, onClose }: PayPanelProps) {
  const {
    order: o,
    prepay,
    busy,
    leftMs,
    pay,
    cancel,
    recheck,
  } = usePayOrder(initial, {
    device,
    onPaid,
    onCancelled,
  });
  const { data: options, isLoading } = usePayOptionsQuery({});
  const choices = payChoices(options?.providers ?? [], device);
  const waiting = o.state === OrderState.WAIT;
  return (
    <div data-testid="pay-panel">
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {ORDER_ITEM_TITLES[o.itemType] ?? '商品'}：{o.itemTitle}
        </Typography.Text>
        <div style={{ fontSize: 28, fontWeight: 600, color: 'rgb(var(--orangered-6))' }} data-testid="pay-price">
          {priceText(o.amountFen, o.points)}
        </div>
        {waiting && o.points > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            积分已在下单时扣除，订单关闭后退还
          </Typography.Text>
        )}
      </div>
      {waiting && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <div style={{ textAlign: 'center' }} data-testid="pay-countdown">
            {leftMs > 0 ? (
              <>
                请在 <b>{countdownText(leftMs)}</b> 内完成支付，超时订单将自动关闭
              </>
            ) : (
              '支付已超时，正在确认订单状态…'
            )}
          </div>
          {prepay?.kind === 'qr' && prepay.codeUrl ? (
            <>
              <PayQr codeUrl={prepay.codeUrl} />
              <Space style={{ width: '100%', justifyContent: 'center' }}>
                <Button type="primary" onClick={recheck}>
                  我已支付
                </Button>
                {choices.includes('alipay') && <Button onClick={() => pay('alipay')}>改用支付宝</Button>}
              </Space>
            </>
          ) : choices.length ? (
            choices.map((p) => (
              <Button
                key={p}
                long
                size="large"
                loading={busy === p}
                disabled={!!busy || leftMs <= 0}
                onClick={() => pay(p)}
                data-testid={`pay-${p}`}
              >
                <Badge p={p} />
                {PAY_PROVIDER_TITLES[p]}
              </Button>
            ))
          ) : (
            !isLoading && <Alert type="warning" content={noChoiceText(device)} />
          )}
          <div style={{ textAlign: 'center' }}>
            <Link status="error" disabled={!!busy} onClick={cancel} data-testid="pay-cancel">
              取消订单
            </Link>
          </div>
        </Space>
      )}
      {o.state === OrderState.PAID && <Result status="success" title="支付成功" subTitle="正在为您打开内容…" />}
      {o.state === OrderState.CLOSED && (
        <Result
          status="warning"
          title="订单已关闭"
          subTitle="订单已取消或超时未支付"
          extra={
            <Space>
              <Button onClick={onClose}>关闭</Button>
              {onRebuy && (
                <Button type="primary" onClick={onRebuy}>
                  重新购买
                </Button>
              )}
            </Space>
          }
        />
      )}
      {(o.state === OrderState.REFUNDED || o.state === OrderState.REFUNDING) && (
        <Result status="info" title={`订单${o.state_dictText}`} />
      )}
    </div>
  );
}
