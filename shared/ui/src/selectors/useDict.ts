import { useEffect, useState } from 'react';
import { post } from '@exam/api';
import { type DataOf, DicCalls, type DicValueNode } from '@exam/contracts';

/** Spec admin §4/§9: dictionary values are cached on the client for 5 minutes. */
export const DICT_CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; values: Promise<DicValueNode[]> }>();

/** The value tree of a dictionary, from the cache while it is fresh; a failed load is not kept. */
export function loadDict(dicCode: string, now = Date.now()): Promise<DicValueNode[]> {
  const hit = cache.get(dicCode);
  if (hit && now - hit.at < DICT_CACHE_MS) return hit.values;
  const values = post<DataOf<typeof DicCalls.valueTree>>(DicCalls.valueTree.url, { dicCode }, { silent: true });
  cache.set(dicCode, { at: now, values });
  values.catch(() => cache.delete(dicCode));
  return values;
}

/** Forget cached values (after editing a dictionary), one code or all. */
export function forgetDict(dicCode?: string) {
  if (dicCode) cache.delete(dicCode);
  else cache.clear();
}

/** Flattens a value tree (parents before children). */
export const flattenDict = (nodes: DicValueNode[]): DicValueNode[] => nodes.flatMap((n) => [n, ...flattenDict(n.children ?? [])]);

/** `{ values, titleOf }` of a dictionary; values are [] until loaded. */
export function useDict(dicCode: string) {
  const [values, setValues] = useState<DicValueNode[]>([]);
  useEffect(() => {
    let live = true;
    loadDict(dicCode).then((v) => live && setValues(v), () => live && setValues([]));
    return () => {
      live = false;
    };
  }, [dicCode]);
  const titleOf = (value: string | number | undefined | null) =>
    value === undefined || value === null ? '' : (flattenDict(values).find((v) => v.value === String(value))?.title ?? String(value));
  return { values, titleOf };
}
