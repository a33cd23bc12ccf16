import { Layout } from '@arco-design/web-react';
import { Outlet } from '@exam/router';
import { SiteCopyright, useUnreadPolling } from '@exam/shell';
import { MOBILE_COMMON_CSS, mobileCss } from '@exam/ui';
import { WebHeader } from './WebHeader';

const styles = {
  page: { minHeight: '100vh', background: 'var(--color-fill-2)' },
  main: { width: '100%', maxWidth: 1200, margin: '0 auto', padding: '16px 12px', boxSizing: 'border-box', minWidth: 0 },
  footer: { background: 'var(--color-bg-2)', borderTop: '1px solid var(--color-border)' },
} as const;

/**
 * On a phone every control a finger uses is at least 40 px (buttons, pagination, tabs, radio and check
 * boxes); wide content (tables, media) scrolls inside its own box instead of widening the page.
 */
const TOUCH_CSS = mobileCss(`
  .web-main .arco-btn, .arco-drawer .arco-btn { min-height: 40px; min-width: 40px; }
  .web-main .arco-pagination-item, .web-main .arco-pagination-jumper-input { min-width: 40px; height: 40px; line-height: 40px; }
  .web-main .arco-tabs-header-title { padding-top: 10px; padding-bottom: 10px; }
  .web-main .arco-radio, .web-main .arco-checkbox { min-height: 40px; align-items: center; }
  .web-main .arco-table-container { overflow-x: auto; }
  .web-main .arco-space, .web-main .arco-space-item { max-width: 100%; }
  .web-main img, .web-main video { max-width: 100%; }
  .web-main .arco-card-header { height: auto; min-height: 46px; flex-wrap: wrap; row-gap: 4px; padding-top: 6px; padding-bottom: 6px; }
  .web-main .arco-card-header-title { white-space: normal; flex: 1 0 auto; max-width: 100%; }
`);

/** Learner web layout (spec admin §2): header, main area, footer with the site copyright. */
export function WebLayout() {
  useUnreadPolling();
  return (
    <Layout style={styles.page}>
      <style>{MOBILE_COMMON_CSS + TOUCH_CSS}</style>
      <WebHeader />
      <Layout.Content style={styles.main} className="web-main">
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={styles.footer}>
        <SiteCopyright />
      </Layout.Footer>
    </Layout>
  );
}
