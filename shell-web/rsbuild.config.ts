import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { hostFederation, pluginPrecompress } from '@exam/shell/build';

// Where `rsbuild dev` sends /api and /runtime-config.json (the all-in-one server).
const server = process.env.EXAM_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pluginReact(), hostFederation('shell_web'), pluginPrecompress()],
  html: { title: '在线考试' },
  output: { assetPrefix: '/' },
  server: {
    port: 3000,
    historyApiFallback: true,
    proxy: { '/api': server, '/runtime-config.json': server, '/mfe': server },
  },
});
