import { type PayChannelCode, type PayProviderCode, PAY_PROVIDERS } from '@exam/contracts';

/** Where the learner pays from: the provider's way of paying differs for each. */
export type PayDevice = 'wechat' | 'phone' | 'desktop';

// WeChat's in-app browser says MicroMessenger; a phone's browser says Mobile / Android / iPhone (an iPad too: it has no
// QR scanner of its own, and WeChat H5 and 手机网站支付 are made for it).
const WECHAT_UA = /MicroMessenger/i;
const PHONE_UA = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i;

export function payDevice(ua: string): PayDevice {
  if (WECHAT_UA.test(ua)) return 'wechat';
  return PHONE_UA.test(ua) ? 'phone' : 'desktop';
}

/**
 * The channel of a provider on a device: WeChat Pay by QR code on a desktop (scanned with the phone), H5 in a phone's
 * browser, JSAPI inside WeChat; Alipay 电脑网站支付 on a desktop, 手机网站支付 on a phone.
 */
export function channelFor(provider: PayProviderCode, device: PayDevice): PayChannelCode {
  if (provider === 'wxpay')
    return device === 'wechat' ? 'wxpay_jsapi' : device === 'phone' ? 'wxpay_h5' : 'wxpay_native';
  return device === 'desktop' ? 'alipay_page' : 'alipay_wap';
}

/**
 * The providers to offer, in the site's order, from those it switched on. Inside WeChat, Alipay's pages are blocked by
 * WeChat itself, so only WeChat Pay is offered there.
 */
export function payChoices(providers: readonly string[], device: PayDevice): PayProviderCode[] {
  const known = PAY_PROVIDERS.filter((p) => providers.includes(p));
  return device === 'wechat' ? known.filter((p) => p === 'wxpay') : known;
}

/** The countdown to an unpaid order's closing: mm:ss (never below 00:00). */
export function countdownText(leftMs: number): string {
  const sec = Math.max(0, Math.ceil(leftMs / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(sec / 60))}:${two(sec % 60)}`;
}

/** The query parameter a provider's page brings back: the order the learner went to pay. */
export const PAY_RETURN_PARAM = 'payOrder';

/** The path (with its query) the provider sends the learner back to: this page, marked with the order. */
export function payReturnPath(path: string, search: string, orderId: string): string {
  const params = new URLSearchParams(search);
  params.set(PAY_RETURN_PARAM, orderId);
  return `${path}?${params.toString()}`;
}

/** The order a provider's page brought the learner back for, if any. */
export const returnedOrderId = (search: string) => new URLSearchParams(search).get(PAY_RETURN_PARAM) ?? '';

/**
 * WeChat's silent authorization (JSAPI) came back to this page for `orderId`: its one-time code (`state` is the
 * order), or '' when it did not.
 */
export function wxCodeFor(search: string, orderId: string): string {
  const q = new URLSearchParams(search);
  return q.get('state') === orderId ? (q.get('code') ?? '') : '';
}

/** The address without WeChat's code and state (a code is used once). */
export function withoutWxCode(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return url.toString();
}
