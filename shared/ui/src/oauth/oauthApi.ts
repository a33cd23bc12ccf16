import { useEffect } from 'react';
import { Message } from '@arco-design/web-react';
import { OAUTH_RESULTS, OauthCalls, type OauthResult, type OauthType } from '@exam/contracts';
import { api, mutationCall, queryCall } from '@exam/store';

/** Third-party sign-in calls, injected once into the page's api (login page, binding screen). */
export const oauthApi = api.injectEndpoints({
  endpoints: (b) => ({
    // The login page asks before anyone signed in: a failure only hides the buttons.
    oauthProviders: queryCall(b, OauthCalls.providers, { silent: true }),
    oauthStart: mutationCall(b, OauthCalls.start),
  }),
});
export const { useOauthProvidersQuery, useOauthStartMutation } = oauthApi;

/** Starts a flow on this host and leaves for the provider's page (its errors are shown by the api client). */
export function useOauthStart(intent: 'login' | 'bind') {
  const [start, { isLoading }] = useOauthStartMutation();
  const go = async (type: OauthType, redirect?: string) => {
    const { url } = await start({ type, intent, origin: window.location.origin, redirect }).unwrap();
    window.location.assign(url);
  };
  return {
    go: (type: OauthType, redirect?: string) => void go(type, redirect).catch(() => undefined),
    busy: isLoading,
  };
}

/**
 * The callback's outcome (`?oauth=<key>`) shown once, in our own words (OAUTH_RESULTS; an unknown key shows
 * nothing), then dropped from the address bar. Returns the key for the page to react (e.g. reload a list).
 */
export function useOauthResult(search: string, onResult?: (key: OauthResult) => void) {
  useEffect(() => {
    const key = new URLSearchParams(search).get('oauth') as OauthResult | null;
    if (!key || !(key in OAUTH_RESULTS)) return;
    if (key === 'bound') Message.success(OAUTH_RESULTS.bound);
    else Message.error({ content: OAUTH_RESULTS[key], duration: 6000 });
    const url = new URL(window.location.href);
    url.searchParams.delete('oauth');
    window.history.replaceState(window.history.state, '', url.toString());
    onResult?.(key);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps -- once per arrival
}
