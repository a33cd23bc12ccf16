import { Navigate, type RouteObject } from '@exam/router';

/** The learner shell's fixed routes (spec learner §2): /exam leads to the online exam list. */
export const webRoutes: RouteObject[] = [{ path: '/exam', element: <Navigate to="/pages/exam" replace /> }];
