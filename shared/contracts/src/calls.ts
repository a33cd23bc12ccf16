import Type from 'typebox';
import { defineCall } from './call';
import { SiteDetailRes } from './config';
import { DashTotals } from './domain';
import { Empty } from './envelope';
import { RouteNode, RoutesReq } from './menu';
import { CaptchaCheckReq, LoginReq, LoginRes, UserInfo } from './session';

/** What every call's path starts with (the contracts below); tests build the paths of their stand-in calls from it. */
export const API_PREFIX = '/api';

/** The captcha image (GET `?key=`, an SVG, not a JSON call): the one non-POST path the front ends request. */
export const CAPTCHA_IMAGE_PATH = '/api/common/captcha/gen';

/** The foundation's calls; domain calls live beside their domain (system/, repo/, exam/, course/, watch/). */
export const Calls = {
  login: defineCall('/api/sys/user/login', LoginReq, LoginRes),
  logout: defineCall('/api/sys/user/logout', Empty, Type.Null()),
  info: defineCall('/api/sys/user/info', Empty, UserInfo),
  routes: defineCall('/api/sys/menu/routes', RoutesReq, Type.Array(RouteNode)),
  captchaCheck: defineCall('/api/common/captcha/check', CaptchaCheckReq, Type.Boolean()),
  siteDetail: defineCall(
    '/api/sys/config/detail',
    Type.Object({
      id: Type.Optional(Type.Union([Type.String({ maxLength: 8 }), Type.Integer({ minimum: 0, maximum: 99_999_999 })])),
    }),
    SiteDetailRes,
  ),
  countUnread: defineCall('/api/sys/user/msg/count-unread', Empty, Type.Integer()),
  dashTotals: defineCall('/api/stat/total/num/all', Empty, DashTotals),
};
