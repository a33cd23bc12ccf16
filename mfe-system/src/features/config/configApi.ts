import { Calls, ConfigCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/**
 * System config. The forms are filled from these reads when they open and keep what was saved, so the
 * saves invalidate nothing (the shell's site data is refreshed by fetchSite after a save).
 */
export const configApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    configSite: queryCall(b, Calls.siteDetail),
    configSave: mutationCall(b, ConfigCalls.save),
    configSwitches: queryCall(b, ConfigCalls.switchDetail),
    configSwitchSave: mutationCall(b, ConfigCalls.switchSave),
    configProp: queryCall(b, ConfigCalls.propDetail),
    configPropSave: mutationCall(b, ConfigCalls.propSave),
    configPropChange: mutationCall(b, ConfigCalls.propChange),
  }),
});

export const {
  useConfigSiteQuery,
  useConfigSaveMutation,
  useConfigSwitchesQuery,
  useConfigSwitchSaveMutation,
  useLazyConfigPropQuery,
  useConfigPropSaveMutation,
  useConfigPropChangeMutation,
} = configApi;
