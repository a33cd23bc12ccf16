import { Navigate, type RouteObject } from '@exam/router';
import { AdminLayout } from './layout/AdminLayout';
import { ProfilePage } from './layout/ProfilePage';

/** The admin shell's fixed routes (spec admin §2): /profile leads to the profile page inside the admin layout. */
export const adminRoutes: RouteObject[] = [
  { path: '/profile', element: <Navigate to="/profile/index" replace /> },
  {
    path: '/profile',
    element: <AdminLayout />,
    children: [{ path: 'index', element: <ProfilePage />, handle: { name: 'Profile', title: '个人资料' } }],
  },
];
