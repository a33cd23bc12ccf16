import { createRequire } from 'node:module';
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Browser bundles build the contracts' schemas with schema-lite instead of TypeBox (see its header): same JSON
 * Schema, without TypeBox's type engine in every shell and remote. The server and the tests keep TypeBox.
 */
export function pluginSchemaLite(): RsbuildPlugin {
  const lite = createRequire(import.meta.url).resolve('@exam/contracts/schema-lite');
  return {
    name: 'exam:schema-lite',
    setup(api) {
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) =>
        mergeRsbuildConfig(config, { resolve: { alias: { typebox$: lite } } }),
      );
    },
  };
}
