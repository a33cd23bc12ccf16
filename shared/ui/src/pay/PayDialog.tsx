import { lazy, Suspense, useMemo } from 'react';
import { Modal } from '@arco-design/web-react';
import type { OrderView } from '@exam/contracts';
import { useIsMobile } from '../responsive';
import { payDevice } from './payChannel';
import { PayPanel } from './PayPanel';

// A phone pays in a sheet from the bottom; a desktop never loads Drawer.
const Drawer = lazy(() => import('../lazy/parts/drawer'));

export interface PayDialogProps {
  /** The order to pay (a new one from 购买, or an open one: 继续支付, back from a provider's page); closed when unset. */
  order: OrderView | undefined;
  onClose: () => void;
  /** The order was paid: open the content (called once). */
  onPaid: (order: OrderView) => void;
  onCancelled?: (order: OrderView) => void;
  /** Offered as 重新购买 when the order closed. */
  onRebuy?: () => void;
}

/**
 * 支付订单 (issue 40), one dialog for courses, exams and banks: the item and price, the site's providers paid the way
 * the device allows (WeChat Pay: QR code / H5 / JSAPI; Alipay: 电脑网站支付 / 手机网站支付), a countdown to closing,
 * and the order's state asked of the server until it is paid. A full-width sheet on a phone.
 */
export function PayDialog({ order, onClose, onPaid, onCancelled, onRebuy }: PayDialogProps) {
  const mobile = useIsMobile();
  const device = useMemo(() => payDevice(navigator.userAgent), []);
  // Keyed by the order: another order starts afresh (its QR code, its countdown).
  const panel = order && (
    <PayPanel
      key={order.id}
      order={order}
      device={device}
      onPaid={onPaid}
      onCancelled={onCancelled}
      onRebuy={onRebuy}
      onClose={onClose}
    />
  );
  if (mobile)
    return (
      <Suspense fallback={null}>
        <Drawer
          placement="bottom"
          height="auto"
          title="支付订单"
          visible={!!order}
          onCancel={onClose}
          footer={null}
          unmountOnExit
          bodyStyle={{ padding: '12px 16px 24px' }}
        >
          {panel}
        </Drawer>
      </Suspense>
    );
  return (
    <Modal
      title="支付订单"
      visible={!!order}
      onCancel={onClose}
      footer={null}
      maskClosable={false}
      unmountOnExit
      style={{ width: 420, maxWidth: '100%' }}
    >
      {panel}
    </Modal>
  );
}
