import Type from 'typebox';

/** Bounded strings and id lists used by the system calls. */
export const Str = (max: number) => Type.String({ maxLength: max });
export const OptStr = (max: number) => Type.Optional(Type.String({ maxLength: max }));
export const IdList = (max = 5000) => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: max });

/**
 * Tree children are built on the server from explicitly picked fields, so nothing unlisted can leak;
 * the schema leaves them open because the serializer has no cheap recursive schema.
 */
export const Children = Type.Optional(Type.Array(Type.Any()));

/** `{ id, sort }`: sort 0 moves the record up among its siblings, 1 moves it down. */
export const SortReq = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  sort: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type SortReq = Type.Static<typeof SortReq>;
