import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { describe, expect, it } from '@rstest/core';
import { arcoComponents, arcoLayer } from './arco';
import { hostArcoChunks, hostSheetPattern, hostSheets } from './arco-chunks';
import { sharedSingletons } from './federation';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The Arco components the front ends' sources (shells, remotes, shared packages; not tests) import, sorted. */
function importedArcoComponents(): string[] {
  const roots = [
    ...readdirSync(ROOT)
      .filter((d) => /^(shell|mfe)-/.test(d))
      .map((d) => path.join(ROOT, d, 'src')),
    ...readdirSync(path.join(ROOT, 'shared')).map((d) => path.join(ROOT, 'shared', d, 'src')),
  ];
  const sources = roots.flatMap((root) => {
    try {
      return readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => path.join(root, f));
    } catch {
      return []; // a shared package without src
    }
  });
  const components = new Set(arcoComponents());
  const used = new Set<string>();
  for (const file of sources) {
    const code = readFileSync(file, 'utf8');
    // import { Button, type ButtonProps, Input as In } from '@arco-design/web-react' (not `import type { … }`)
    for (const [, typeOnly, names] of code.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@arco-design\/web-react'/g,
    )) {
      if (typeOnly) continue;
      for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]))
        if (components.has(name)) used.add(name);
    }
    // import Message from '@arco-design/web-react/es/Message', import('@arco-design/web-react/es/Drawer')
    for (const [, name] of code.matchAll(/'@arco-design\/web-react\/es\/([A-Z]\w+)'/g)) used.add(name);
  }
  return [...used].sort();
}

describe('Arco per component', () => {
  it('the host provides exactly the components the front ends import', () => {
    // Remotes carry no copy of a shared module (import: false): a component the host did not provide would fail to
    // load in every view that uses it. One nobody imports would only cost the host's first script its registration.
    const provided = [
      ...readFileSync(new URL('./arco-provide.ts', import.meta.url), 'utf8').matchAll(
        /import\('@arco-design\/web-react\/es\/(\w+)'\)/g,
      ),
    ].map((m) => m[1]);
    const imported = importedArcoComponents();
    expect(imported).toEqual(expect.arrayContaining(['Button', 'DatePicker', 'Form', 'Table', 'Message']));
    expect(provided.sort()).toEqual(imported);
  });

  it('references every stylesheet its Arco chunks carry for the views, and views leave out only those', () => {
    // A sheet a remote leaves out but the host never imported would be missing on every page that draws it.
    const source = readFileSync(new URL('./arco-provide.ts', import.meta.url), 'utf8');
    const referenced = [
      ...source.matchAll(/import\('@arco-design\/web-react\/es\/(?:(\w+)\/)?style\/index\.css'\)/g),
    ].map((m) => m[1] ?? 'style');
    expect(referenced.sort()).toEqual(hostSheets().sort());
    expect(hostSheets()).toEqual(expect.arrayContaining(['style', 'Button', 'Menu', 'Dropdown']));
    const es = '/app/node_modules/@arco-design/web-react/es';
    expect(hostSheetPattern().test(`${es}/style/index.css`)).toBe(true);
    expect(hostSheetPattern().test(`${es}/Button/style/index.css`)).toBe(true);
    // A view's own components keep their sheets (the card lists' Tag, Tabs and Input), as do their scripts.
    for (const kept of ['Tabs/style/index.css', 'Tag/style/index.css', 'Input/style/index.css', 'Button/index.js'])
      expect(hostSheetPattern().test(`${es}/${kept}`)).toBe(false);
  });

  it('puts the modal defaults ConfigProvider reads into arco-base, not in a request of their own', () => {
    const es = '/app/node_modules/@arco-design/web-react/es';
    expect(hostArcoChunks.arcoBase.test.test(`${es}/Modal/config.js`)).toBe(true);
    expect(hostArcoChunks.arcoBase.test.test(`${es}/Modal/index.js`)).toBe(false);
  });

  it('keeps the internals of selects, pickers and long lists out of arco-base, in a chunk of their own', () => {
    const es = '/app/node_modules/@arco-design/web-react/es';
    for (const part of [
      '_class/select-view.js',
      '_class/picker/input-range.js',
      '_class/VirtualList/index.js',
      '_class/Draggable/item.js',
      '_util/dayjs.js',
    ]) {
      expect(hostArcoChunks.arcoPickers.test.test(`${es}/${part}`)).toBe(true);
      expect(hostArcoChunks.arcoBase.test.test(`${es}/${part}`)).toBe(false);
    }
    // What every component needs stays in the base, dayjs itself too (Arco's zh-CN locale imports it).
    for (const base of [
      '_class/OverflowEllipsis/index.js',
      '_util/is.js',
      'Trigger/index.js',
      'ConfigProvider/index.js',
    ]) {
      expect(hostArcoChunks.arcoBase.test.test(`${es}/${base}`)).toBe(true);
      expect(hostArcoChunks.arcoPickers.test.test(`${es}/${base}`)).toBe(false);
    }
    expect(hostArcoChunks.arcoBase.test.test('/app/node_modules/dayjs/dayjs.min.js')).toBe(true);
  });

  it('shares components one by one, never their stylesheet modules', () => {
    const arco = Object.keys(sharedSingletons).filter((k) => k.startsWith('@arco-design/'));
    expect(arco).toContain('@arco-design/web-react/es/Button');
    expect(arco.every((k) => !k.endsWith('/'))).toBe(true);
  });

  it("puts Arco's stylesheets, and only Arco's, below our rules", async () => {
    const css = '.arco-tag-checked.arco-tag-red{color:red}';
    const arco = await postcss([arcoLayer]).process(css, {
      from: '/app/node_modules/@arco-design/web-react/es/Tag/style/index.css',
    });
    expect(arco.css.replace(/\s/g, '')).toBe(`@layerarco{${css}}`);
    const ours = await postcss([arcoLayer]).process(css, { from: '/app/shared/shell/src/app/a11y.css' });
    expect(ours.css).toBe(css);
  });
});
