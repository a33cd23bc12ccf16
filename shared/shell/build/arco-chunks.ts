/**
 * How a host groups Arco into chunks, and which of Arco's stylesheets travel with those chunks instead of with each
 * view. The two go together: a remote leaves out exactly the stylesheets the host's chunks carry.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type RsbuildPlugin } from '@rsbuild/core';
import { ARCO_ES } from './arco';

/** Arco's internals (`style` is its global sheet: normalize, theme variables, motions) and the components nearly every view draws. */
const BASE_DIRS = [
  'style',
  '_util',
  '_class',
  'locale',
  'ConfigProvider',
  'Trigger',
  'Portal',
  'Spin',
  'Button',
  'Tooltip',
  'Popover',
  'Empty',
  'Space',
];
/** A shell's own frame (header, menus, sider, avatar, unread badge, messages), drawn on every signed-in page at once. */
const SHELL_COMPONENTS = ['Layout', 'Menu', 'Dropdown', 'ResizeBox', 'Avatar', 'Badge', 'Message', 'Notification'];

/** A path separator, and Arco's folders, as path patterns. */
const SEP = '[\\\\/]';
const ARCO_DIR = `@arco-design${SEP}web-react${SEP}`;
const ES_DIR = `node_modules${SEP}${ARCO_DIR}es${SEP}`;

/** One chunk for every module the pattern matches, taken out of the default split; loaded when first needed. */
const asyncGroup = (name: string, test: RegExp, priority: number) => ({
  test,
  name,
  chunks: 'async' as const,
  priority,
  enforce: true,
});

/**
 * Arco's internals that only its selects, pickers, trees, tables and long lists use (the select box, the picker
 * inputs, the virtual list, drag handles, dayjs helpers): about a sixth of the base chunk, which no page's first
 * view needs (the lists' range pickers load after the content). A chunk of their own, fetched with the first of
 * those components.
 */
const PICKER_PARTS = `(_class${SEP}(select-view|picker|VirtualList|Draggable)|_util${SEP}dayjs\\.)`;
const ARCO_PICKERS = asyncGroup('arco-pickers', new RegExp(`${ES_DIR}${PICKER_PARTS}`), 20);

/** The npm packages Arco's base imports (dayjs: its core and Chinese locale only, not its plugins). */
const BASE_PACKAGES = [
  'lodash',
  'b-tween',
  'resize-observer-polyfill',
  'react-transition-group',
  'dom-helpers',
  'compute-scroll-into-view',
  'scroll-into-view-if-needed',
  `@babel${SEP}runtime`,
  'react-is',
  'number-precision',
  'shallowequal',
  `dayjs${SEP}(dayjs\\.min\\.js|locale${SEP}zh-cn\\.js)`,
];

/**
 * What nearly every Arco component imports (its utilities, config context, popup layer, icons and their small npm
 * helpers; not the pickers' parts above) in one chunk: split by default into about 20 small ones, each a request of
 * its own on the first load, and a browser sends only 6 at a time to one server. dayjs itself too (not its plugins;
 * Arco's zh-CN locale imports it): below the split's minimum size, it was copied into each of four chunks a first
 * load fetched. And the modal defaults ConfigProvider reads (Modal's config.js, 0.5 KB): a request of its own on every
 * first load before.
 */
const ARCO_BASE = asyncGroup(
  'arco-base',
  new RegExp(
    `${ES_DIR}((?!${PICKER_PARTS})(${BASE_DIRS.join('|')})${SEP}|Modal${SEP}config\\.js)|node_modules${SEP}(${ARCO_DIR}icon${SEP}|${BASE_PACKAGES.join('|')})`,
  ),
  20,
);

/**
 * A chunk of its own for these Arco components (`es/<Component>/`), loaded when one of them is first needed: one
 * request instead of one per component in the same round, each waiting for a free connection. `scriptsOnly` leaves
 * their stylesheets where they were (a view's own stylesheet already has them).
 */
const arcoGroup = (name: string, components: string[], { scriptsOnly = false } = {}) =>
  asyncGroup(name, new RegExp(`${ES_DIR}(${components.join('|')})${SEP}${scriptsOnly ? `(?!style${SEP})` : ''}`), 15);

export const hostArcoChunks = {
  arcoBase: ARCO_BASE,
  arcoPickers: ARCO_PICKERS,
  arcoShell: arcoGroup('arco-shell', SHELL_COMPONENTS),
  // The card lists and detail pages most views draw first.
  arcoCards: arcoGroup('arco-cards', ['Card', 'Grid', 'Tag', 'Descriptions', 'Typography'], { scriptsOnly: true }),
};

/**
 * The stylesheets of arco-base and arco-shell (`es/<dir>/style/index.css`). The host imports every one of them
 * (arco-provide.ts), so each lands in its group's stylesheet, which loads with the group's script: before any
 * component of a remote can draw, since every one of them needs arco-base, and those that draw a frame part need
 * arco-shell. A view's own stylesheet can then leave them out (`withoutHostSheets`).
 */
export const hostSheets = (): string[] =>
  [...BASE_DIRS, ...SHELL_COMPONENTS].filter((dir) =>
    existsSync(path.join(ARCO_ES, dir === 'style' ? '' : dir, 'style', 'index.css')),
  );

/** The resolved path of a sheet in `hostSheets`. */
export function hostSheetPattern(): RegExp {
  const dirs = hostSheets().map((d) => (d === 'style' ? '' : `${d}${SEP}`));
  return new RegExp(`${SEP}${ARCO_DIR}es${SEP}(${dirs.join('|')})style${SEP}index\\.css$`);
}

const EMPTY_SHEET = fileURLToPath(new URL('./empty.css', import.meta.url));

/**
 * A remote's build without the host's sheets: each view's stylesheet had repeated them (on the learner's exam list,
 * 83 of its 176 KB: buttons, menus, the global sheet), parsed again on every first load. `rsbuild dev` of a remote
 * alone has no host, so it keeps them.
 */
export function withoutHostSheets(): RsbuildPlugin {
  const sheet = hostSheetPattern();
  return {
    name: 'exam:without-host-sheets',
    setup(api) {
      if (process.env.NODE_ENV !== 'production') return;
      api.modifyRspackConfig((config) => {
        config.plugins = [...(config.plugins ?? []), new rspack.NormalModuleReplacementPlugin(sheet, EMPTY_SHEET)];
      });
    },
  };
}
