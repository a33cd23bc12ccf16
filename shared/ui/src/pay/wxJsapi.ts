/** WeChat's in-app browser puts this object on the page; it is absent anywhere else. */
interface WeixinJSBridge {
  invoke(name: string, params: Record<string, string>, done: (res: { err_msg?: string }) => void): void;
}

/** How a JSAPI payment ended: paid, cancelled by the payer, failed, or no WeChat bridge on this page. */
export type JsapiResult = 'ok' | 'cancel' | 'fail' | 'absent';

/**
 * Opens WeChat's own cashier over the page with the server's signed parameters (getBrandWCPayRequest). Its 'ok' only
 * means the payer finished: the order is paid when the server says so (the callback or its query of the provider).
 */
export function wxJsapiPay(params: Record<string, string>): Promise<JsapiResult> {
  const bridge = (window as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
  if (!bridge) return Promise.resolve('absent');
  return new Promise((resolve) =>
    bridge.invoke('getBrandWCPayRequest', params, ({ err_msg = '' }) =>
      resolve(err_msg.endsWith(':ok') ? 'ok' : err_msg.endsWith(':cancel') ? 'cancel' : 'fail'),
    ),
  );
}
