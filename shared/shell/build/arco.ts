import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RsbuildPlugin } from '@rsbuild/core';
import type { Plugin } from 'postcss';

/** Arco's `es/` build: its components' and internals' directories. */
export const ARCO_ES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@arco-design/web-react/package.json')),
  'es',
);

/** Arco's components: the directories of its `es/` build named like one (Button, DatePicker…). */
export const arcoComponents = (): string[] =>
  readdirSync(ARCO_ES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[A-Z]/.test(d.name))
    .map((d) => d.name)
    .sort();

const ARCO_CSS = /[\\/]node_modules[\\/]@arco-design[\\/]web-react[\\/]/;

/**
 * Arco's stylesheets go into the cascade layer `arco`, below every unlayered rule. Loaded per component, a
 * component's styles can arrive after ours (a view's Tag after the shell's contrast fixes for tags); in a lower
 * layer they never win over ours, whatever the order or specificity.
 */
export const arcoLayer: Plugin = {
  postcssPlugin: 'exam-arco-layer',
  Once(root, { AtRule }) {
    if (!ARCO_CSS.test(root.source?.input.file ?? '')) return;
    const layer = new AtRule({ name: 'layer', params: 'arco' });
    layer.append(root.nodes);
    root.append(layer);
  },
};

/**
 * `import { Button } from '@arco-design/web-react'` → `import Button from '@arco-design/web-react/es/Button'` and the
 * component's own stylesheet (es/<Component>/style/css, which brings its dependencies' and Arco's base styles; types
 * are left alone): a page parses the styles of the components it draws, not the whole arco.css (555 KB), and they sit
 * in the layer `arco`. A host (`provideAll`) also references every component the front ends import once
 * (arco-provide.ts), so it provides all of those to the share scope.
 */
export function arcoPerComponent({ provideAll }: { provideAll: boolean }): RsbuildPlugin {
  return {
    name: 'exam:arco-per-component',
    setup(api) {
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
        mergeRsbuildConfig(config, {
          source: {
            transformImport: [
              {
                libraryName: '@arco-design/web-react',
                libraryDirectory: 'es',
                camelToDashComponentName: false,
                style: 'css',
              },
            ],
            ...(provideAll ? { preEntry: [fileURLToPath(new URL('./arco-provide.ts', import.meta.url))] } : {}),
          },
          tools: { postcss: (_, { addPlugins }) => addPlugins(arcoLayer) },
        }),
      );
    },
  };
}
