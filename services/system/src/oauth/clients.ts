import type { OauthType, PropData } from '@exam/contracts';
import { apiBaseOf } from './api-base';
import { dingtalkClient } from './dingtalk';
import type { OauthClient } from './provider';
import { wechatClient } from './wechat';
import { wecomClient } from './wecom';

const s = (data: PropData, k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');

/** The client for a provider's saved settings, or undefined while a required key is missing. */
export function clientFor(
  type: OauthType,
  data: PropData,
  env: NodeJS.ProcessEnv = process.env,
): OauthClient | undefined {
  const o = { apiBase: apiBaseOf(data.apiBase, env) };
  if (type === 'wechat') {
    const c = { appId: s(data, 'appId'), appSecret: s(data, 'appSecret') };
    return c.appId && c.appSecret ? wechatClient(c, o) : undefined;
  }
  if (type === 'crop') {
    const c = { corpId: s(data, 'corpId'), agentId: s(data, 'agentId'), corpSecret: s(data, 'corpSecret') };
    return c.corpId && c.agentId && c.corpSecret ? wecomClient(c, o) : undefined;
  }
  const c = { clientId: s(data, 'clientId'), clientSecret: s(data, 'clientSecret') };
  return c.clientId && c.clientSecret ? dingtalkClient(c, o) : undefined;
}
