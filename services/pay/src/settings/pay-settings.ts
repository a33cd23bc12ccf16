import { ALIPAY_GATEWAY, PAY_PROVIDERS, type PayProviderCode, type PropData } from '@exam/contracts';
import { apiBaseOf, apiBaseProblem, type Db } from '@exam/server-kit';
import { alipayClient } from '../provider/alipay';
import type { ClientOptions, PayClient } from '../provider/provider';
import type { WxOpenIdConfig } from '../provider/wx-openid';
import { wxpayClient } from '../provider/wxpay';
import { payProps } from './settings-repository';

/** A provider as the site configured it: its client, and the ids a payment must name (checked on every trade). */
export type PaySetup = {
  provider: PayProviderCode;
  client: PayClient;
  merchantId: string;
  appId: string;
  /** WeChat only, with the official account's AppSecret: the payer's openid for JSAPI (微信内支付). */
  jsapi?: { cfg: WxOpenIdConfig; opts: ClientOptions };
};

/** Alipay's gateway: the documented one, or a stand-in's where the allow rule lets one (as the settings page checks). */
const gatewayOf = (v: string, env: NodeJS.ProcessEnv) => {
  if (!v || v === ALIPAY_GATEWAY) return undefined;
  const origin = URL.parse(v)?.origin;
  return origin && !apiBaseProblem(origin, env) ? v : undefined;
};

const s = (data: PropData, k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');

/**
 * The client for a provider's saved settings (sys_config_prop, type `pay`, written by the system service's settings
 * page), or undefined while it is switched off or a required key is missing.
 */
export function setupOf(
  provider: PayProviderCode,
  data: PropData,
  env: NodeJS.ProcessEnv = process.env,
  o: Reach = {},
): PaySetup | undefined {
  if (data.enabled !== true && !o.switchedOff) return undefined;
  const opts = { apiBase: apiBaseOf(data.apiBase, env) };
  if (provider === 'wxpay') {
    const c = {
      mchId: s(data, 'mchId'),
      appId: s(data, 'appId'),
      apiV3Key: s(data, 'apiV3Key'),
      serialNo: s(data, 'serialNo'),
      privateKey: s(data, 'privateKey'),
    };
    const key = { id: s(data, 'publicKeyId'), publicKey: s(data, 'publicKey') };
    if (Object.values(c).some((v) => !v) || !key.id || !key.publicKey) return undefined;
    // A WeChat Pay public key (PUB_KEY_ID_…) or a platform certificate by its serial.
    const platform = key.id.startsWith('PUB_KEY_ID_') ? key : [{ serial: key.id, publicKey: key.publicKey }];
    const appSecret = s(data, 'appSecret');
    return {
      provider,
      client: wxpayClient({ ...c, platform }, opts),
      merchantId: c.mchId,
      appId: c.appId,
      jsapi: appSecret ? { cfg: { appId: c.appId, appSecret }, opts } : undefined,
    };
  }
  const c = {
    appId: s(data, 'appId'),
    privateKey: s(data, 'privateKey'),
    alipayPublicKey: s(data, 'alipayPublicKey'),
    gateway: gatewayOf(s(data, 'gateway'), env),
    sellerId: s(data, 'sellerId') || undefined,
  };
  if (!c.appId || !c.privateKey || !c.alipayPublicKey) return undefined;
  return { provider, client: alipayClient(c, opts), merchantId: c.sellerId ?? '', appId: c.appId };
}

/**
 * `switchedOff`: a provider switched off takes no new payments, but its callbacks, queries and refunds of orders
 * already paid through it keep working.
 */
type Reach = { switchedOff?: boolean };

/** Every provider configured (and switched on, unless `switchedOff`) now; read per call: payments are few. */
export async function paySetups(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
  o: Reach = {},
): Promise<Map<PayProviderCode, PaySetup>> {
  const out = new Map<PayProviderCode, PaySetup>();
  for (const r of await payProps(db)) {
    const code = PAY_PROVIDERS.find((x) => x === r.provider);
    const setup = code && setupOf(code, r.data as PropData, env, o);
    if (setup) out.set(code, setup);
  }
  return out;
}
