import { describe, expect, it } from '@rstest/core';
import {
  withoutWxCode,
  wxCodeFor,
  channelFor,
  countdownText,
  payChoices,
  payDevice,
  payReturnPath,
  PAY_RETURN_PARAM,
  returnedOrderId,
} from './payChannel';

const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 14; V2244A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin',
  wechatMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) MicroMessenger/6.8.0',
};

describe('the device a learner pays from', () => {
  it('is WeChat inside its browser (phone or desktop), a phone by its browser, else a desktop', () => {
    expect(payDevice(UA.desktop)).toBe('desktop');
    expect(payDevice(UA.mac)).toBe('desktop');
    expect(payDevice(UA.iphone)).toBe('phone');
    expect(payDevice(UA.android)).toBe('phone');
    expect(payDevice(UA.wechat)).toBe('wechat');
    expect(payDevice(UA.wechatMac)).toBe('wechat');
    expect(payDevice('')).toBe('desktop');
  });
});

describe('the channel of a provider', () => {
  it('is the QR code or the cashier page on a desktop, H5 or WAP on a phone, JSAPI inside WeChat', () => {
    expect(channelFor('wxpay', 'desktop')).toBe('wxpay_native');
    expect(channelFor('wxpay', 'phone')).toBe('wxpay_h5');
    expect(channelFor('wxpay', 'wechat')).toBe('wxpay_jsapi');
    expect(channelFor('alipay', 'desktop')).toBe('alipay_page');
    expect(channelFor('alipay', 'phone')).toBe('alipay_wap');
  });

  it("offers the site's providers in one order, only WeChat Pay inside WeChat, nothing unknown", () => {
    expect(payChoices(['alipay', 'wxpay'], 'desktop')).toEqual(['wxpay', 'alipay']);
    expect(payChoices(['alipay', 'paypal'], 'phone')).toEqual(['alipay']);
    expect(payChoices(['alipay', 'wxpay'], 'wechat')).toEqual(['wxpay']);
    expect(payChoices(['alipay'], 'wechat')).toEqual([]);
    expect(payChoices([], 'desktop')).toEqual([]);
  });
});

describe('the countdown to closing', () => {
  it('reads mm:ss, rounds a started second up and stops at 00:00', () => {
    expect(countdownText(15 * 60_000)).toBe('15:00');
    expect(countdownText(14 * 60_000 + 59_001)).toBe('15:00');
    expect(countdownText(14 * 60_000 + 59_000)).toBe('14:59');
    expect(countdownText(61_000)).toBe('01:01');
    expect(countdownText(9_500)).toBe('00:10');
    expect(countdownText(1)).toBe('00:01');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5_000)).toBe('00:00');
  });
});

describe('coming back from a provider', () => {
  it('marks the page with the order, keeping its own query, and reads it back', () => {
    expect(payReturnPath('/pages/course/view/7', '', 'P1')).toBe(`/pages/course/view/7?${PAY_RETURN_PARAM}=P1`);
    const back = payReturnPath('/pages/uc', '?tab=order&payOrder=OLD', 'P2');
    expect(back).toBe('/pages/uc?tab=order&payOrder=P2');
    expect(returnedOrderId(back.slice(back.indexOf('?')))).toBe('P2');
    // Alipay adds its own parameters to the return address.
    expect(returnedOrderId('?payOrder=P3&out_trade_no=P3&sign=x')).toBe('P3');
    expect(returnedOrderId('?tab=order')).toBe('');
  });
});

describe("coming back from WeChat's authorization (JSAPI)", () => {
  it('takes the code only for the order it was asked for, and the address drops it', () => {
    expect(wxCodeFor('?payOrder=P1&code=abc&state=P1', 'P1')).toBe('abc');
    expect(wxCodeFor('?payOrder=P1&code=abc&state=P2', 'P1')).toBe('');
    expect(wxCodeFor('?payOrder=P1', 'P1')).toBe('');
    expect(withoutWxCode('http://x.test/pages/repo?payOrder=P1&code=abc&state=P1')).toBe(
      'http://x.test/pages/repo?payOrder=P1',
    );
  });
});
