import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { hostFederation, pluginPrecompress } from '@exam/shell/build';

// Where `rsbuild dev` sends /api and /runtime-config.json (the all-in-one server).
const server = process.env.EXAM_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pluginReact(), hostFederation('shell_admin'), pluginPrecompress()],
  html: { title: '管理后台' },
  // Served under /admin/ (router basename /admin): assets must be requested from there too.
  output: { assetPrefix: '/admin/' },
  server: {
    port: 3010,
    base: '/admin',
    historyApiFallback: { index: '/admin/index.html' },
    proxy: { '/api': server, '/runtime-config.json': server, '/mfe': server },
  },
});
