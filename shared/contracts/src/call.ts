import Type, { type TSchema } from 'typebox';

/** One call of the wire contract: its path, request body schema and `data` schema. */
export type CallContract<B extends TSchema = TSchema, R extends TSchema = TSchema> = { url: string; body: B; data: R };

export const defineCall = <B extends TSchema, R extends TSchema>(url: string, body: B, data: R): CallContract<B, R> => ({ url, body, data });

export type BodyOf<C extends CallContract> = Type.Static<C['body']>;
export type DataOf<C extends CallContract> = Type.Static<C['data']>;
