import { AccountCalls } from '@exam/contracts';
import { api, mutationCall } from '@exam/store';

/** The SMS code of the shared button; silent, because the button shows the captcha's own wording. */
export const smsApi = api.injectEndpoints({
  endpoints: (b) => ({
    smsSend: mutationCall(b, AccountCalls.sms, { silent: true }),
  }),
});

export const { useSmsSendMutation } = smsApi;
