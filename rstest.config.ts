import { pluginReact } from '@rsbuild/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig, defineInlineProject } from '@rstest/core';

// React components and the Redux store need a DOM; everything else runs in plain Node.
const DOM_TESTS = [
  'shared/ui/**/*.test.tsx',
  'shared/shell/**/*.test.tsx',
  'shared/store/**/*.test.{ts,tsx}',
  'mfe-*/src/**/*.test.tsx',
];
// .tmp holds the test runs' scratch, a past release's source tree among them (e2e/tests/release-remote.ts).
const IGNORED = ['**/node_modules/**', '**/dist/**', 'e2e/**', '.tmp/**'];

export default defineConfig({
  // Service test files mostly wait on PostgreSQL, Redis, PGlite and timers: rstest's default of one
  // worker fewer than the cores left a 2-core CI machine running one file at a time, half idle.
  pool: { maxWorkers: Math.max(2, availableParallelism()) },
  projects: [
    defineInlineProject({
      name: 'dom',
      include: DOM_TESTS,
      exclude: IGNORED,
      testEnvironment: 'happy-dom',
      setupFiles: ['./rstest.dom-setup.ts'],
      plugins: [pluginReact()],
    }),
    defineInlineProject({
      name: 'node',
      include: ['**/*.test.{ts,tsx}'],
      exclude: [...IGNORED, ...DOM_TESTS],
      testEnvironment: 'node',
      // Service tests run real PostgreSQL, Redis and face-model inference on 2 loaded cores in CI:
      // a few seconds is noise there, a hang is still caught.
      testTimeout: 30_000,
      // The same for a file's setup (beforeAll builds the app: migrations, seeds, a first PGlite in a fresh process).
      hookTimeout: 30_000,
    }),
  ],
});
