import { UcCalls } from '@exam/contracts';
import { mutationCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/** Real-name review: the list goes through PagingTable (reloaded after an audit). */
export const realApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    realAudit: mutationCall(b, UcCalls.realAudit),
  }),
});

export const { useRealAuditMutation } = realApi;
