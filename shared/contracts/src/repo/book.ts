import Type from 'typebox';
import { defineCall } from '../call';
import { PagingReq, PagingRes } from '../paging';
import { QuSolution, QuView } from './common';
import { Id, IdReq, IdsReq } from '../envelope';

export const RefType = Type.Union([Type.Literal('repo'), Type.Literal('exam')]);
const Ref = { refType: RefType, refId: Id, quId: Id };

export const BookRow = Type.Object({
  id: Type.String(),
  refType: Type.String(),
  refId: Type.String(),
  refTitle: Type.String(),
  quId: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  contentText: Type.String(),
  inWrong: Type.Boolean(),
  wrongCount: Type.Integer(),
  favMark: Type.Boolean(),
  favNote: Type.String(),
  updateTime: Type.String(),
});
export type BookRow = Type.Static<typeof BookRow>;
export const BookDetail = Type.Object({
  id: Type.String(),
  refType: Type.String(),
  refId: Type.String(),
  quId: Type.String(),
  favMark: Type.Boolean(),
  favNote: Type.String(),
  wrongCount: Type.Integer(),
  qu: QuView,
  solution: Type.Optional(QuSolution),
  /** Why the solution is kept back (an open paper holds the question, or the exam's result rule hides it). */
  notice: Type.Optional(Type.String()),
});
export type BookDetail = Type.Static<typeof BookDetail>;
export const QuMark = Type.Object({ favMark: Type.Boolean(), favNote: Type.String() });
export type QuMark = Type.Static<typeof QuMark>;

export const BookCalls = {
  paging: defineCall(
    '/api/client/book/paging',
    PagingReq(
      Type.Object({
        refType: Type.Optional(RefType),
        refId: Type.Optional(Type.String({ maxLength: 64 })),
        /** wrong: the wrong list; fav: favourites; note: with a note. */
        kind: Type.Optional(Type.Union([Type.Literal('wrong'), Type.Literal('fav'), Type.Literal('note')])),
      }),
    ),
    PagingRes(BookRow),
  ),
  detail: defineCall('/api/client/book/detail', IdReq, BookDetail),
  delete: defineCall(
    '/api/client/book/delete',
    Type.Object({
      ...IdsReq.properties,
      removeFav: Type.Optional(Type.Boolean()),
      removeNote: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ),
  autoRemove: defineCall('/api/client/book/auto-remove', Type.Object({ refId: Id, quId: Id }), Type.Null()),
  markFav: defineCall('/api/client/book/mark-fav', Type.Object({ ...Ref, favMark: Type.Boolean() }), QuMark),
  findMark: defineCall('/api/client/book/find-mark', Type.Object(Ref), QuMark),
  writeNote: defineCall(
    '/api/client/book/write-note',
    Type.Object({ ...Ref, favNote: Type.String({ maxLength: 5000 }) }),
    QuMark,
  ),
};
