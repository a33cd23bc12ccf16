import Type, { type TSchema } from 'typebox';

/** One call of the wire contract: its path, request body schema and `data` schema. */
export type CallContract<B extends TSchema = TSchema, R extends TSchema = TSchema> = { url: string; body: B; data: R };

export const defineCall = <B extends TSchema, R extends TSchema>(
  url: string,
  body: B,
  data: R,
): CallContract<B, R> => ({ url, body, data });

export type BodyOf<C extends CallContract> = Type.Static<C['body']>;
export type DataOf<C extends CallContract> = Type.Static<C['data']>;

const isCall = (v: unknown): v is CallContract =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as CallContract).url === 'string' &&
  typeof (v as CallContract).body === 'object' &&
  typeof (v as CallContract).data === 'object';

/** Every call of the contract objects among a module's exports (`{ name: 'UserCalls.save', call }`), once per url. */
export function callsIn(exports: Record<string, unknown>): { name: string; call: CallContract }[] {
  const seen = new Map<string, { name: string; call: CallContract }>();
  for (const [group, value] of Object.entries(exports)) {
    if (!value || typeof value !== 'object' || isCall(value)) continue;
    for (const [key, c] of Object.entries(value))
      if (isCall(c) && !seen.has(c.url)) seen.set(c.url, { name: `${group}.${key}`, call: c });
  }
  return [...seen.values()];
}
