import { createHash } from 'node:crypto';
import type { RsbuildPlugin } from '@rsbuild/core';
import { TOKEN_KEY } from '@exam/api';
import type { Terminal } from '../src/app/ShellContext';
import { FIRST_CALLS_KEY, firstCalls, sendFirstCalls } from '../src/boot/firstCalls';
import { RUNTIME_CONFIG_URL } from '../src/config/runtimeConfig';

/** The first script's code: `sendFirstCalls` called with this shell's calls and the client's session cookie. */
export const firstCallsScript = (terminal: Terminal): string =>
  `(${sendFirstCalls.toString()})(${[RUNTIME_CONFIG_URL, firstCalls(terminal), FIRST_CALLS_KEY, TOKEN_KEY].map((a) => JSON.stringify(a)).join(',')});`;

/**
 * A shell page's first script (src/boot/firstCalls.ts): a file of its own, not inline (the CSP admits no inline
 * script), named by its content's hash like every other asset, and loaded `async` ahead of the shell's scripts, so
 * a signed-in visitor's first calls leave while those still download.
 */
export function pluginFirstCalls(terminal: Terminal): RsbuildPlugin {
  const code = firstCallsScript(terminal);
  const file = `static/js/first-calls.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'exam:first-calls',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(file, new sources.RawSource(code));
      });
      api.modifyHTMLTags(({ headTags, bodyTags }, { assetPrefix }) => ({
        headTags: [
          { tag: 'script', attrs: { src: `${assetPrefix.replace(/\/?$/, '/')}${file}`, async: true } },
          ...headTags,
        ],
        bodyTags,
      }));
    },
  };
}
