import { startShell } from '@exam/shell';
import { AdminLayout } from './layout/AdminLayout';
import { adminRoutes } from './routes';

// The admin menu has no web layout; should one appear, it renders in the admin layout.
startShell({
  terminal: 'admin',
  basename: '/admin',
  layouts: { Layout: AdminLayout, WebLayout: AdminLayout },
  routes: adminRoutes,
});
