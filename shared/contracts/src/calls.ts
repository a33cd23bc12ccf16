import Type from 'typebox';
import { defineCall } from './call';
import { SiteDetailRes } from './config';
import { CourseRow, DashTotals, ExamRow, RepoRow, TitleParams, UserPagingParams, UserRow } from './domain';
import { Empty } from './envelope';
import { RouteNode, RoutesReq } from './menu';
import { PagingReq, PagingRes } from './paging';
import { CaptchaCheckReq, LoginReq, LoginRes, UserInfo } from './session';

/** The calls of the foundation; each service route and each client call uses these. */
export const Calls = {
  login: defineCall('/api/sys/user/login', LoginReq, LoginRes),
  logout: defineCall('/api/sys/user/logout', Empty, Type.Null()),
  info: defineCall('/api/sys/user/info', Empty, UserInfo),
  routes: defineCall('/api/sys/menu/routes', RoutesReq, Type.Array(RouteNode)),
  captchaCheck: defineCall('/api/common/captcha/check', CaptchaCheckReq, Type.Boolean()),
  siteDetail: defineCall('/api/sys/config/detail', Type.Object({ id: Type.Optional(Type.Union([Type.String({ maxLength: 8 }), Type.Integer()])) }), SiteDetailRes),
  countUnread: defineCall('/api/sys/user/msg/count-unread', Empty, Type.Integer()),
  userPaging: defineCall('/api/sys/user/paging', PagingReq(UserPagingParams), PagingRes(UserRow)),
  noticePaging: defineCall(
    '/api/sys/notice/paging',
    PagingReq(Type.Object({ state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })), title: Type.Optional(Type.String({ maxLength: 100 })) })),
    PagingRes(Type.Object({ id: Type.String(), title: Type.String(), content: Type.String(), state: Type.Integer(), createTime: Type.String() })),
  ),
  repoPaging: defineCall('/api/repo/paging', PagingReq(TitleParams), PagingRes(RepoRow)),
  repoOpenPaging: defineCall('/api/client/repo/open-paging', PagingReq(TitleParams), PagingRes(RepoRow)),
  examPaging: defineCall('/api/exam/exam/paging', PagingReq(TitleParams), PagingRes(ExamRow)),
  examOpenPaging: defineCall('/api/client/exam/open-paging', PagingReq(TitleParams), PagingRes(ExamRow)),
  coursePaging: defineCall('/api/course/course/paging', PagingReq(TitleParams), PagingRes(CourseRow)),
  courseOpenPaging: defineCall('/api/client/course/open-paging', PagingReq(TitleParams), PagingRes(CourseRow)),
  dashTotals: defineCall('/api/stat/total/num/all', Empty, DashTotals),
};
