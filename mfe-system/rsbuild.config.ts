import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteBuildConfig, remoteFederation } from '@exam/shell/build';

// Remote mfe_system: exposes ./views (src/views.ts); found by hosts through its mf-manifest.json.
export default defineConfig({
  plugins: [pluginReact(), remoteFederation('system')],
  ...remoteBuildConfig('system'),
});
