import type { PayProviderCode } from '../pay/common';

/**
 * One setting of a payment provider in the site config (type `pay`, issue 40). `kind` says how the form shows it and
 * how the server checks it: a PEM key or certificate must parse, secrets are write-only (SECRET_FIELDS).
 */
export type PayField = {
  key: string;
  label: string;
  required: boolean;
  kind: 'switch' | 'text' | 'secret' | 'private-key' | 'public-key' | 'address';
  /** What to paste, shown under the field. */
  extra?: string;
};

/** Alipay's documented gateway, used when the setting is left empty. */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Settings per payment provider: WeChat Pay API v3 (direct merchant) and the Alipay open platform. */
export const PAY_FIELDS: Record<PayProviderCode, PayField[]> = {
  wxpay: [
    { key: 'enabled', label: '启用', required: false, kind: 'switch' },
    { key: 'mchId', label: '商户号', required: true, kind: 'text' },
    {
      key: 'appId',
      label: 'AppID',
      required: true,
      kind: 'text',
      extra: '与商户号绑定的公众号、小程序或移动应用的AppID',
    },
    { key: 'apiV3Key', label: 'APIv3密钥', required: true, kind: 'secret', extra: '商户平台设置的32位APIv3密钥' },
    {
      key: 'appSecret',
      label: '公众号AppSecret',
      required: false,
      kind: 'secret',
      extra: '微信内支付（JSAPI）取得付款人openid所需；不填则不能在微信内支付',
    },
    { key: 'serialNo', label: '商户证书序列号', required: true, kind: 'text' },
    { key: 'privateKey', label: '商户私钥', required: true, kind: 'private-key', extra: 'apiclient_key.pem 的内容' },
    {
      key: 'publicKeyId',
      label: '微信支付公钥ID',
      required: true,
      kind: 'text',
      extra: '微信支付公钥ID（PUB_KEY_ID_开头），或使用平台证书时填平台证书序列号',
    },
    {
      key: 'publicKey',
      label: '微信支付公钥',
      required: true,
      kind: 'public-key',
      extra: '微信支付公钥（pub_key.pem）或平台证书的内容',
    },
    {
      key: 'apiBase',
      label: '接口地址',
      required: false,
      kind: 'address',
      extra: '留空使用官方地址（仅测试环境可填写本地模拟服务地址）',
    },
  ],
  alipay: [
    { key: 'enabled', label: '启用', required: false, kind: 'switch' },
    { key: 'appId', label: 'APPID', required: true, kind: 'text' },
    {
      key: 'privateKey',
      label: '应用私钥',
      required: true,
      kind: 'private-key',
      extra: 'RSA2（SHA256）应用私钥，PEM或密钥工具生成的内容',
    },
    {
      key: 'alipayPublicKey',
      label: '支付宝公钥',
      required: true,
      kind: 'public-key',
      extra: '开放平台“接口加签方式”中的支付宝公钥（不是应用公钥）',
    },
    { key: 'gateway', label: '网关地址', required: false, kind: 'address', extra: `留空使用 ${ALIPAY_GATEWAY}` },
    { key: 'sellerId', label: '卖家支付宝用户ID', required: false, kind: 'text', extra: '2088开头的16位数字，可不填' },
  ],
};
