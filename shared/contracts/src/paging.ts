import Type, { type TOptional, type TSchema } from 'typebox';

export const PAGE_SIZES = [10, 20, 30, 50, 100, 200, 500, 1000, 5000] as const;
export const MAX_PAGE_SIZE = 5000;
/** Far beyond any list; keeps `(current - 1) * size` a number PostgreSQL takes as an offset. */
export const MAX_PAGE = 1_000_000;

export const Order = Type.Object({ column: Type.String({ maxLength: 64 }), asc: Type.Boolean() });

/**
 * `{ current, size, params, orders, t }`; `params` is per call, and required where the list means
 * nothing without it (`paramsRequired`, e.g. one course's learners): a missing one is a 400, not a crash.
 */
export const PagingReq = <P extends TSchema, R extends boolean = false>(params: P, opts?: { paramsRequired?: R }) =>
  Type.Object({
    current: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })),
    params: (opts?.paramsRequired ? params : Type.Optional(params)) as R extends true ? P : TOptional<P>,
    orders: Type.Optional(Type.Array(Order, { maxItems: 5 })),
    t: Type.Optional(Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  });

export const PagingRes = <R extends TSchema>(record: R) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    pages: Type.Integer(),
    current: Type.Integer(),
    size: Type.Integer(),
  });

export type Paging<R> = { records: R[]; total: number; pages: number; current: number; size: number };
export type PagingQuery<P = Record<string, unknown>> = {
  current?: number;
  size?: number;
  params?: P;
  orders?: { column: string; asc: boolean }[];
  t?: number;
};
