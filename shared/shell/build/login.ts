/**
 * The login pages' own entry (`login.html`): built beside a shell, without Module Federation, so the first page
 * a visitor opens carries only React, the store and the Arco components (with their own styles) that signing in
 * uses, instead of the federation runtime, the shared-module table and the layouts.
 */
import { pluginReact } from '@rsbuild/plugin-react';
import type { RsbuildConfig } from '@rsbuild/core';
import { arcoPerComponent } from './arco';
import { pluginPrecompress } from './precompress';
import { pluginSchemaLite } from './schema-lite';
import { SHELL_TEMPLATE } from './template';

export function loginEntryConfig({ title, assetPrefix }: { title: string; assetPrefix: string }): RsbuildConfig {
  return {
    plugins: [pluginReact(), pluginPrecompress(), pluginSchemaLite(), arcoPerComponent({ provideAll: false })],
    source: { entry: { login: './src/login.ts' } },
    html: { title, template: SHELL_TEMPLATE },
    // Written into the shell's dist after the shell's own build, which must not be wiped.
    output: { assetPrefix, cleanDistPath: false, distPath: { js: 'static/login/js', css: 'static/login/css' } },
  };
}
