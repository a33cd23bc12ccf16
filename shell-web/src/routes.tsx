import { lazy, Suspense } from 'react';
import { CERT_VERIFY_PATH } from '@exam/contracts';
import { Navigate, type RouteObject } from '@exam/router';
import { type RouteHandle, ViewLoading } from '@exam/shell';

// A visitor's page, loaded when opened: no remote, no layout, only what the page shows.
const VerifyPage = lazy(() => import('./cert/VerifyPage'));
const verifyHandle: RouteHandle = { name: 'CertVerify', title: '证书验证' };

/**
 * The learner shell's fixed routes (spec learner §2): /exam leads to the online exam list; a certificate's public
 * verification page (its QR code and link open it, signed in or not).
 */
export const webRoutes: RouteObject[] = [
  { path: '/exam', element: <Navigate to="/pages/exam" replace /> },
  {
    path: `${CERT_VERIFY_PATH}:code`,
    handle: verifyHandle,
    element: (
      <Suspense fallback={<ViewLoading />}>
        <VerifyPage />
      </Suspense>
    ),
  },
];
