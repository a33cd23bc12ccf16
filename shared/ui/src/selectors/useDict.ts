import { DicCalls, type DicValueNode } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

/** Spec admin §4/§9: dictionary values are cached on the client for 5 minutes. */
export const DICT_CACHE_MS = 5 * 60 * 1000;
const DICT_CACHE_SEC = DICT_CACHE_MS / 1000;

/**
 * The dictionaries the selectors read, cached in the shared store (not in this package, whose module state
 * would be one per remote). 'DicValue' is what the system remote's dictionary writes invalidate, so an
 * edited dictionary shows at once; a failed load keeps nothing and is asked again by the next user.
 */
export const dictApi = api.enhanceEndpoints({ addTagTypes: ['DicValue'] }).injectEndpoints({
  endpoints: (b) => ({
    dictValues: queryCall(b, DicCalls.valueTree, {
      providesTags: ['DicValue'],
      silent: true,
      keepUnusedDataFor: DICT_CACHE_SEC,
    }),
  }),
});

/** Flattens a value tree (parents before children). */
export const flattenDict = (nodes: DicValueNode[]): DicValueNode[] =>
  nodes.flatMap((n) => [n, ...flattenDict(n.children ?? [])]);

const NO_VALUES: DicValueNode[] = [];

/** `{ values, titleOf }` of a dictionary; values are [] until loaded. Fresh for 5 minutes, then asked again. */
export function useDict(dicCode: string) {
  const { data, isError } = dictApi.useDictValuesQuery({ dicCode }, { refetchOnMountOrArgChange: DICT_CACHE_SEC });
  const values = !data || isError ? NO_VALUES : data;
  const titleOf = (value: string | number | undefined | null) =>
    value === undefined || value === null
      ? ''
      : (flattenDict(values).find((v) => v.value === String(value))?.title ?? String(value));
  return { values, titleOf };
}
