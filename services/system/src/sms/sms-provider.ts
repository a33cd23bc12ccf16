import type { FastifyBaseLogger } from 'fastify';
import { createAliyunSms } from './aliyun-sms';
import { createOutbox, noSmsProvider } from './outbox';

/** Sends one verification code; throws when the provider refuses (the caller answers with a clear message). */
export interface SmsProvider {
  kind: 'aliyun' | 'outbox' | 'none';
  sendCode(mobile: string, code: string): Promise<void>;
}

/**
 * Picks the SMS provider from the environment (one place, DESIGN §1): Aliyun when SMS_PROVIDER=aliyun
 * and its keys are set; otherwise the demo outbox file when `outbox` (config smsOutbox), else none.
 */
export function createSmsProvider(
  env: NodeJS.ProcessEnv,
  log: FastifyBaseLogger,
  dataDir?: string,
  outbox = true,
): SmsProvider {
  if (env.SMS_PROVIDER === 'aliyun') {
    const required = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] as const;
    const missing = required.filter((k) => !env[k]);
    if (missing.length) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
    return createAliyunSms({
      accessKeyId: env.SMS_ACCESS_KEY_ID!,
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET!,
      signName: env.SMS_SIGN_NAME!,
      templateCode: env.SMS_TEMPLATE_CODE!,
      endpoint: env.SMS_ENDPOINT || undefined,
    });
  }
  return outbox ? createOutbox(log, dataDir) : noSmsProvider(log);
}
