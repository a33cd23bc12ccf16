import { startLoginPage } from '@exam/shell/login';

void startLoginPage({ terminal: 'admin', basename: '/admin' });
