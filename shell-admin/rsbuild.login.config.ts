import { loginEntryConfig } from '@exam/shell/build';

// login.html: the login pages alone, served for a first visit to /admin/pages/login/* (see rsbuild.config.ts for the shell).
export default loginEntryConfig({ title: '管理后台', assetPrefix: '/admin/' });
