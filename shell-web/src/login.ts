import { startLoginPage } from '@exam/shell/login';

void startLoginPage({ terminal: 'web', basename: '' });
