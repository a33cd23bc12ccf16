import Type from 'typebox';

/** One route of the menu tree the server sends per user (spec admin §2 "Route handling"). */
export const RouteNode = Type.Object({
  path: Type.String(),
  name: Type.String(),
  component: Type.String(),
  redirect: Type.Optional(Type.String()),
  alwaysShow: Type.Optional(Type.Boolean()),
  hidden: Type.Boolean(),
  meta: Type.Object({
    title: Type.String(),
    icon: Type.Optional(Type.String()),
    noCache: Type.Optional(Type.Boolean()),
    affix: Type.Optional(Type.Boolean()),
  }),
  // Trees are serialized as built by the server; nodes carry only the fields above.
  children: Type.Optional(Type.Array(Type.Any())),
});
export type RouteNode = Omit<Type.Static<typeof RouteNode>, 'children'> & { children?: RouteNode[] };

/** Which shell asks: the learner web shell or the admin shell. */
export const RoutesReq = Type.Object({
  terminal: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('web')])),
});
export type RoutesReq = Type.Static<typeof RoutesReq>;

export const MenuType = { MENU: 1, FUNCTION: 2, ROUTE: 3 } as const;
