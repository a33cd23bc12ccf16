import { afterEach, describe, expect, it } from '@rstest/core';
import { wxJsapiPay } from './wxJsapi';

type Bridge = {
  invoke: (name: string, params: Record<string, string>, done: (r: { err_msg?: string }) => void) => void;
};
const win = window as { WeixinJSBridge?: Bridge };
afterEach(() => {
  delete win.WeixinJSBridge;
});

describe("WeChat's in-app cashier (JSAPI)", () => {
  it('is absent outside WeChat', async () => {
    expect(await wxJsapiPay({ appId: 'wx1' })).toBe('absent');
  });

  it("opens getBrandWCPayRequest with the server's parameters and reads how it ended", async () => {
    const asked: unknown[] = [];
    let answer = 'get_brand_wcpay_request:ok';
    win.WeixinJSBridge = {
      invoke: (name, params, done) => {
        asked.push([name, params]);
        done({ err_msg: answer });
      },
    };
    const params = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA',
      paySign: 's',
    };
    expect(await wxJsapiPay(params)).toBe('ok');
    expect(asked).toEqual([['getBrandWCPayRequest', params]]);
    answer = 'get_brand_wcpay_request:cancel';
    expect(await wxJsapiPay(params)).toBe('cancel');
    answer = 'get_brand_wcpay_request:fail';
    expect(await wxJsapiPay(params)).toBe('fail');
  });
});
