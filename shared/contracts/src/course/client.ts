import Type from 'typebox';
import { defineCall } from '../call';
import { BuyRes } from '../pay/order';
import { Id } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { courseHeadFields, courseOpenFields } from './common';

const S = (max: number) => Type.String({ maxLength: max });

/** Course card (spec §3): open grid and my-courses list share it. */
export const CourseCard = Type.Object({
  ...courseHeadFields,
  contentText: Type.String(),
  liveCount: Type.Integer(),
  hasJoin: Type.Boolean(),
  ...courseOpenFields,
  learnFile: Type.Integer(),
  totalFile: Type.Integer(),
  qaCount: Type.Integer(),
  finished: Type.Boolean(),
  /** The file learned last and when; null before any study. */
  latestFile: Type.Union([
    Type.Object({ id: Type.String(), title: Type.String(), learnTime: Type.String() }),
    Type.Null(),
  ]),
});
export type CourseCard = Type.Static<typeof CourseCard>;

export const OpenCourseParams = Type.Object({ catId: Type.Optional(S(64)), title: Type.Optional(S(100)) });
export const MineCourseParams = Type.Object({
  catId: Type.Optional(S(64)),
  title: Type.Optional(S(100)),
  /** MineCourseState: 0 all, 1 not started, 2 learning, 3 finished. */
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
});

/** A reference attachment of a course (download). */
export const RefFile = Type.Object({
  id: Type.String(),
  title: Type.String(),
  fileSize: Type.Integer(),
  fileUrl: Type.String(),
});
export type RefFile = Type.Static<typeof RefFile>;

export const JoinCourseReq = Type.Object({ id: Id, password: Type.Optional(S(64)) });
export const BuyInitReq = Type.Object({ courseId: Id });
/** A points purchase is done at once; a priced course opens an order (pay/order.ts). */
export const BuyInitRes = BuyRes;

export const ClientCourseCalls = {
  openPaging: defineCall('/api/client/course/open-paging', PagingReq(OpenCourseParams), PagingRes(CourseCard)),
  minePaging: defineCall('/api/client/course/mine-paging', PagingReq(MineCourseParams), PagingRes(CourseCard)),
  /** Toggles joining; answers the new hasJoin. */
  join: defineCall('/api/client/course/join', JoinCourseReq, Type.Boolean()),
  refFileList: defineCall(
    '/api/client/course/ref-file-list',
    Type.Object({ courseId: Id, title: Type.Optional(S(100)) }),
    Type.Array(RefFile),
  ),
  buyInit: defineCall('/api/course/buy/init', BuyInitReq, BuyInitRes),
};
export type JoinCourseReq = Type.Static<typeof JoinCourseReq>;
