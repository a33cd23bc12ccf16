import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress, remoteBuildConfig, remoteFederation } from '@exam/shell/build';

// Remote mfe_repo: exposes ./views (src/views.ts); found by hosts through its mf-manifest.json.
export default defineConfig({
  plugins: [pluginReact(), remoteFederation('repo'), pluginPrecompress()],
  ...remoteBuildConfig('repo'),
});
