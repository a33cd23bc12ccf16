/**
 * What the order service needs from a payment provider, in provider-neutral terms. Each client (WeChat Pay v3,
 * Alipay open API) implements it with the provider's documented signing; the local stand-ins check exactly what the
 * providers check. Money is always integer fen here; a client converts to the provider's unit (Alipay's yuan strings).
 */
export type PayProvider = 'wxpay' | 'alipay';

/** How the learner pays: WeChat Native QR (desktop), H5 (phone browser), JSAPI (inside WeChat); Alipay page (desktop), wap (phone). */
export type PayChannel = 'wxpay_native' | 'wxpay_h5' | 'wxpay_jsapi' | 'alipay_page' | 'alipay_wap';

export type PrepayInput = {
  channel: PayChannel;
  /** Our order number (the provider's out_trade_no): 6–32 of [A-Za-z0-9_-]. */
  outTradeNo: string;
  amountFen: number;
  /** What the learner sees on the provider's page (≤ 127 bytes for WeChat; the client truncates). */
  subject: string;
  notifyUrl: string;
  /** Where the provider sends the browser back (Alipay return_url, WeChat H5 redirect_url). */
  returnUrl: string;
  clientIp: string;
  /** JSAPI only: the learner's openid under our appid. */
  openId?: string;
  /** The provider closes the trade itself at this moment (WeChat time_expire, Alipay time_expire). */
  expireAt: Date;
};

/** What the browser needs to pay: a QR code's content, a page to open, or the JSAPI parameters for WeixinJSBridge. */
export type Prepay =
  | { kind: 'qr'; codeUrl: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'jsapi'; params: Record<string, string> };

export type TradeState = 'paid' | 'unpaid' | 'closed' | 'refunded' | 'not_found';

/** A trade as the provider reports it (query or callback), already checked for its signature. */
export type Trade = {
  outTradeNo: string;
  state: TradeState;
  /** The provider's transaction id (transaction_id / trade_no); '' until paid. */
  transactionId: string;
  /** What was paid, in fen (0 until paid). */
  amountFen: number;
  currency: string;
  /** WeChat mchid / Alipay seller id or app id as the provider reports them, for the order service to compare. */
  merchantId: string;
  appId: string;
  paidAt?: Date;
};

export type RefundInput = {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
};

export type RefundState = 'success' | 'processing' | 'failed' | 'not_found';

export type Refund = {
  outTradeNo: string;
  outRefundNo: string;
  state: RefundState;
  refundFen: number;
  refundId: string;
};

/** A verified, decrypted callback. */
export type Notify = { kind: 'trade'; trade: Trade } | { kind: 'refund'; refund: Refund };

/** What to answer the provider's callback with (WeChat: 200/204 or a JSON error; Alipay: the text `success`). */
export type NotifyAck = { status: number; contentType: string; body: string };

export interface PayClient {
  readonly provider: PayProvider;
  prepay(input: PrepayInput): Promise<Prepay>;
  query(outTradeNo: string): Promise<Trade>;
  /** Closing an already closed trade is not an error; closing a paid one throws PayFailure('paid'). */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<Refund>;
  queryRefund(outTradeNo: string, outRefundNo: string): Promise<Refund>;
  /** Verifies the signature (and time window, for WeChat) and decrypts; throws PayFailure('signature') otherwise. */
  parseNotify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<Notify>;
  ack(ok: boolean): NotifyAck;
}

/**
 * Why a provider call failed, provider-neutral: `signature` a response or callback not signed by the provider;
 * `config` our keys or ids are wrong; `paid` the trade is already paid; `refund` a refund the provider refuses (amount,
 * state); `busy` rate limit, timeout, provider down (retry later); `bad` anything else the provider refused.
 */
export class PayFailure extends Error {
  constructor(
    readonly kind: 'signature' | 'config' | 'paid' | 'refund' | 'busy' | 'bad',
    /** The provider's own code, for the log and the admin's order history; never a secret. */
    readonly providerCode: string,
  ) {
    super(`pay ${kind}: ${providerCode}`);
  }
}

/** How a client reaches its provider: tests and the e2e stand-in replace the documented hosts. */
export type ClientOptions = { apiBase?: string; timeoutMs?: number; now?: () => number };
