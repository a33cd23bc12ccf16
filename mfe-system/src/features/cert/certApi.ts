import { CertGrantCalls, CertMineCalls, CertRuleCalls, CertTmplCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/**
 * Certificates. The lists are PagingTables (reloaded by their pages after a write); a template's detail is read
 * afresh each time its editor opens.
 */
export const certApi = systemApiBase.enhanceEndpoints({ addTagTypes: ['CertTmpl'] }).injectEndpoints({
  endpoints: (b) => ({
    certTmplPaging: queryCall(b, CertTmplCalls.paging, { providesTags: ['CertTmpl'] }),
    certTmplDetail: queryCall(b, CertTmplCalls.detail, { providesTags: ['CertTmpl'] }),
    certTmplSave: mutationCall(b, CertTmplCalls.save, { invalidatesTags: ['CertTmpl'] }),
    certRuleSave: mutationCall(b, CertRuleCalls.save),
    certGrantManual: mutationCall(b, CertGrantCalls.manual),
    certGrantRevoke: mutationCall(b, CertGrantCalls.revoke),
    certGrantReissue: mutationCall(b, CertGrantCalls.reissue),
    certMineCredential: mutationCall(b, CertMineCalls.credential),
  }),
});

export const {
  useCertTmplPagingQuery,
  useCertTmplDetailQuery,
  useCertTmplSaveMutation,
  useCertRuleSaveMutation,
  useCertGrantManualMutation,
  useCertGrantRevokeMutation,
  useCertGrantReissueMutation,
  useCertMineCredentialMutation,
} = certApi;
