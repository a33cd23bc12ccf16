import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress, remoteBuildConfig, remoteFederation } from '@exam/shell/build';

// Remote mfe_course: exposes ./views (src/views.ts); found by hosts through its mf-manifest.json.
export default defineConfig({
  plugins: [pluginReact(), remoteFederation('course'), pluginPrecompress()],
  ...remoteBuildConfig('course'),
});
