/**
 * Host-only pre-entry: one lazy reference to every Arco component the front ends import (arco.test.ts checks this list
 * against their sources), never called. The references make the host build provide each one to the share scope (a
 * build provides only what it references), so a remote's view gets the host's copy, whose internals (ConfigProvider
 * context, the React 19 render hook of Message and Modal) are the ones the shell set up, rather than its own copy with
 * its own internals. Each is its own lazy chunk: nothing loads until used. Not all of Arco: each reference is a share
 * registration and a consume entry the host's first script sets up before it can ask for anything (the 26 components
 * no front end imports were 16 KB of that script).
 */
const components = [
  () => import('@arco-design/web-react/es/Alert'),
  () => import('@arco-design/web-react/es/Avatar'),
  () => import('@arco-design/web-react/es/Badge'),
  () => import('@arco-design/web-react/es/Button'),
  () => import('@arco-design/web-react/es/Card'),
  () => import('@arco-design/web-react/es/Checkbox'),
  () => import('@arco-design/web-react/es/ColorPicker'),
  () => import('@arco-design/web-react/es/ConfigProvider'),
  () => import('@arco-design/web-react/es/DatePicker'),
  () => import('@arco-design/web-react/es/Descriptions'),
  () => import('@arco-design/web-react/es/Divider'),
  () => import('@arco-design/web-react/es/Drawer'),
  () => import('@arco-design/web-react/es/Dropdown'),
  () => import('@arco-design/web-react/es/Empty'),
  () => import('@arco-design/web-react/es/Form'),
  () => import('@arco-design/web-react/es/Grid'),
  () => import('@arco-design/web-react/es/Image'),
  () => import('@arco-design/web-react/es/Input'),
  () => import('@arco-design/web-react/es/InputNumber'),
  () => import('@arco-design/web-react/es/InputTag'),
  () => import('@arco-design/web-react/es/Layout'),
  () => import('@arco-design/web-react/es/Link'),
  () => import('@arco-design/web-react/es/List'),
  () => import('@arco-design/web-react/es/Menu'),
  () => import('@arco-design/web-react/es/Message'),
  () => import('@arco-design/web-react/es/Modal'),
  () => import('@arco-design/web-react/es/Notification'),
  () => import('@arco-design/web-react/es/Pagination'),
  () => import('@arco-design/web-react/es/Popover'),
  () => import('@arco-design/web-react/es/Progress'),
  () => import('@arco-design/web-react/es/Radio'),
  () => import('@arco-design/web-react/es/Result'),
  () => import('@arco-design/web-react/es/Select'),
  () => import('@arco-design/web-react/es/Slider'),
  () => import('@arco-design/web-react/es/Space'),
  () => import('@arco-design/web-react/es/Spin'),
  () => import('@arco-design/web-react/es/Switch'),
  () => import('@arco-design/web-react/es/Table'),
  () => import('@arco-design/web-react/es/Tabs'),
  () => import('@arco-design/web-react/es/Tag'),
  () => import('@arco-design/web-react/es/Tooltip'),
  () => import('@arco-design/web-react/es/Tree'),
  () => import('@arco-design/web-react/es/TreeSelect'),
  () => import('@arco-design/web-react/es/Typography'),
  () => import('@arco-design/web-react/es/Upload'),
];

/**
 * The stylesheets of the host's arco-base and arco-shell chunks (arco-chunks.ts `hostSheets`), referenced the same way:
 * each lands in its group's stylesheet, which loads with the group, so a view's own stylesheet leaves them out.
 */
const sheets = [
  () => import('@arco-design/web-react/es/style/index.css'),
  () => import('@arco-design/web-react/es/Trigger/style/index.css'),
  () => import('@arco-design/web-react/es/Spin/style/index.css'),
  () => import('@arco-design/web-react/es/Button/style/index.css'),
  () => import('@arco-design/web-react/es/Tooltip/style/index.css'),
  () => import('@arco-design/web-react/es/Popover/style/index.css'),
  () => import('@arco-design/web-react/es/Empty/style/index.css'),
  () => import('@arco-design/web-react/es/Space/style/index.css'),
  () => import('@arco-design/web-react/es/Layout/style/index.css'),
  () => import('@arco-design/web-react/es/Menu/style/index.css'),
  () => import('@arco-design/web-react/es/Dropdown/style/index.css'),
  () => import('@arco-design/web-react/es/ResizeBox/style/index.css'),
  () => import('@arco-design/web-react/es/Avatar/style/index.css'),
  () => import('@arco-design/web-react/es/Badge/style/index.css'),
  () => import('@arco-design/web-react/es/Message/style/index.css'),
  () => import('@arco-design/web-react/es/Notification/style/index.css'),
];

// Kept reachable (an unused constant would be dropped by the minifier, and its references with it).
Reflect.set(globalThis, Symbol.for('exam.arco.components'), [components, sheets]);
