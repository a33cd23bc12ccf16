import { startShell } from '@exam/shell';
import { WebLayout } from './layout/WebLayout';
import { webRoutes } from './routes';

// The learner menu has no admin layout; should one appear, it renders in the web layout.
startShell({ terminal: 'web', basename: '', layouts: { Layout: WebLayout, WebLayout }, routes: webRoutes });
