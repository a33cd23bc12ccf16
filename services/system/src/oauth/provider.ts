import type { OauthType } from '@exam/contracts';

/** Who the provider says signed in. `ids` are every identifier the account is known by (unionid first). */
export type OauthIdentity = { openId: string; ids: string[]; nick: string };

/** One provider's documented OAuth flow: where to send the browser, and the code exchanged on the server. */
export interface OauthClient {
  readonly type: OauthType;
  /** `userAgent`: a provider with an in-app page (WeCom's client) sends its own users there instead of a QR code. */
  authorizeUrl(redirectUri: string, state: string, userAgent?: string): string;
  /** The code from the callback → the identity; throws OauthFailure. */
  identify(code: string): Promise<OauthIdentity>;
}

/**
 * Why a code gave no identity, in the provider-neutral terms the callback shows (contracts OAUTH_RESULTS):
 * `code` invalid, used or expired; `config` our keys are wrong; `busy` rate limit, timeout, provider down.
 */
export class OauthFailure extends Error {
  constructor(
    readonly kind: 'code' | 'config' | 'busy',
    /** The provider's own code, for the log; never a secret. */
    readonly providerCode: string,
  ) {
    super(`oauth ${kind}: ${providerCode}`);
  }
}

/** How a client reaches its provider: tests and the e2e stand-in replace the documented hosts. */
export type ClientOptions = { apiBase?: string; timeoutMs?: number };
