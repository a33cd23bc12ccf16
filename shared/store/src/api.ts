/**
 * The typed data layer: one RTK Query api over the project's api client (`@exam/api`), so every
 * endpoint keeps its error catalogue, token header and notifications. Features add their endpoints
 * with `api.enhanceEndpoints({ addTagTypes }).injectEndpoints(...)`, each built from a contract with
 * `queryCall` / `mutationCall`, never from a literal URL.
 */
import {
  createApi,
  type BaseQueryFn,
  type EndpointBuilder,
  type ResultDescription,
} from '@reduxjs/toolkit/query/react';
import { ApiError, post } from '@exam/api';
import type { BodyOf, CallContract, DataOf } from '@exam/contracts';

export interface CallArgs {
  url: string;
  body?: unknown;
  /** Background calls (polls, heartbeats) do not show their errors. */
  silent?: boolean;
}

/** What a failed endpoint holds in `error`: the envelope's code and message (spec admin §8). */
export interface CallError {
  code: number;
  msg: string;
  status: number;
}

/** The one base query: `post` already unwraps the envelope, notifies and handles an expired token. */
export const callBaseQuery: BaseQueryFn<CallArgs, unknown, CallError> = async ({ url, body, silent }) => {
  try {
    return { data: await post<unknown>(url, body, { silent }) };
  } catch (e) {
    // Only the client's own errors are expected; anything else is a bug and must surface.
    if (e instanceof ApiError) return { error: { code: e.code, msg: e.msg, status: e.status } };
    throw e;
  }
};

export type CallBaseQuery = typeof callBaseQuery;

// Re-exported so remotes take it from the shared store package rather than bundling RTK Query again.
export { skipToken } from '@reduxjs/toolkit/query/react';

/** The page's one api slice, registered in the shared store (reducer and middleware). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: callBaseQuery,
  endpoints: () => ({}),
});

export type CallBuilder<Tags extends string> = EndpointBuilder<CallBaseQuery, Tags, 'api'>;

type Tags<Tag extends string, C extends CallContract> = ResultDescription<
  Tag,
  DataOf<C>,
  BodyOf<C>,
  CallError,
  unknown
>;

/** A query endpoint for `call`: argument and result typed by the contract. */
export function queryCall<C extends CallContract, Tag extends string>(
  build: CallBuilder<Tag>,
  call: C,
  opts: { providesTags?: Tags<Tag, C>; silent?: boolean; keepUnusedDataFor?: number } = {},
) {
  return build.query<DataOf<C>, BodyOf<C>>({
    query: (body) => ({ url: call.url, body, silent: opts.silent }),
    providesTags: opts.providesTags,
    keepUnusedDataFor: opts.keepUnusedDataFor,
  });
}

/** A mutation endpoint for `call`; `invalidatesTags` refreshes the queries that show what it changed. */
export function mutationCall<C extends CallContract, Tag extends string>(
  build: CallBuilder<Tag>,
  call: C,
  opts: { invalidatesTags?: Tags<Tag, C>; silent?: boolean } = {},
) {
  return build.mutation<DataOf<C>, BodyOf<C>>({
    query: (body) => ({ url: call.url, body, silent: opts.silent }),
    invalidatesTags: opts.invalidatesTags,
  });
}

/** The message of an endpoint's error, for views that show it inline. */
export const errorMessage = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'msg' in error ? String((error as CallError).msg) : undefined;
