import { loginEntryConfig } from '@exam/shell/build';

// login.html: the login pages alone, served for a first visit to /pages/login/* (see rsbuild.config.ts for the shell).
export default loginEntryConfig({ title: '在线考试', assetPrefix: '/' });
