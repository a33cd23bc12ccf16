import Type from 'typebox';
import { defineCall } from '../call';
import { PagingReq, PagingRes } from '../paging';
import { RepoCatParams } from './common';
import { Id, IdReq, IdsReq } from '../envelope';

export const RepoAdminRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  price: Type.Number(),
  points: Type.Integer(),
  quCount: Type.Integer(),
  isOpen: Type.Boolean(),
  examOnly: Type.Boolean(),
  createTime: Type.String(),
});
export type RepoAdminRow = Type.Static<typeof RepoAdminRow>;

export const RepoSaveReq = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ maxLength: 100 }),
  catId: Type.Optional(Type.String({ maxLength: 64 })),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  cover: Type.Optional(Type.String({ maxLength: 1000 })),
  remark: Type.Optional(Type.String({ maxLength: 2000 })),
  isOpen: Type.Optional(Type.Boolean()),
  /** 仅考试使用: closed to learners (training, the book), still drawn from by exams. */
  examOnly: Type.Optional(Type.Boolean()),
});
export type RepoSaveReq = Type.Static<typeof RepoSaveReq>;
export const RepoDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  price: Type.Number(),
  points: Type.Integer(),
  cover: Type.String(),
  remark: Type.String(),
  isOpen: Type.Boolean(),
  examOnly: Type.Boolean(),
  quCount: Type.Integer(),
  objCount: Type.Integer(),
  subjCount: Type.Integer(),
});
export type RepoDetail = Type.Static<typeof RepoDetail>;

const CountBy = Type.Array(Type.Object({ key: Type.Integer(), title: Type.String(), count: Type.Integer() }));
export const RepoStat = Type.Object({
  quCount: Type.Integer(),
  objCount: Type.Integer(),
  subjCount: Type.Integer(),
  byType: CountBy,
  byLevel: CountBy,
});
export type RepoStat = Type.Static<typeof RepoStat>;

export const Chapter = Type.Object({
  id: Type.String(),
  repoId: Type.String(),
  title: Type.String(),
  sort: Type.Integer(),
  quCount: Type.Integer(),
});
export type Chapter = Type.Static<typeof Chapter>;

/**
 * A bank's questions counted by chapter and type (spec learner §7 chapter-group): what the bank detail shows
 * and chapter training starts from. chapterId '' gathers the questions without a chapter (未分章节).
 */
export const ChapterGroup = Type.Object({
  chapterId: Type.String(),
  title: Type.String(),
  quCount: Type.Integer(),
  types: Type.Array(Type.Object({ quType: Type.Integer(), title: Type.String(), count: Type.Integer() })),
});
export type ChapterGroup = Type.Static<typeof ChapterGroup>;

export const RepoCalls = {
  paging: defineCall('/api/repo/paging', PagingReq(RepoCatParams), PagingRes(RepoAdminRow)),
  detail: defineCall('/api/repo/detail', IdReq, RepoDetail),
  save: defineCall('/api/repo/save', RepoSaveReq, Type.Object({ id: Type.String() })),
  delete: defineCall('/api/repo/delete', IdsReq, Type.Null()),
  stat: defineCall('/api/repo/stat', IdReq, RepoStat),
  chapterList: defineCall(
    '/api/repo/chapter/list',
    Type.Object({ repoId: Id, title: Type.Optional(Type.String({ maxLength: 100 })) }),
    Type.Array(Chapter),
  ),
  chapterSave: defineCall(
    '/api/repo/chapter/save',
    Type.Object({ id: Type.Optional(Id), repoId: Id, title: Type.String({ minLength: 1, maxLength: 100 }) }),
    Type.Object({ id: Type.String() }),
  ),
  chapterDelete: defineCall('/api/repo/chapter/delete', IdsReq, Type.Null()),
  /** Learner call: the bank must be visible to the learner (open or joined, never exam only). */
  chapterGroup: defineCall('/api/repo/chapter-group', Type.Object({ repoId: Id }), Type.Array(ChapterGroup)),
  chapterSort: defineCall(
    '/api/repo/chapter/sort',
    Type.Object({ id: Id, sort: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) }),
    Type.Null(),
  ),
};
