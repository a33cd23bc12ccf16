import { Layout } from '@arco-design/web-react';
import { Outlet } from 'react-router';
import { SiteCopyright } from '@exam/shell';
import { WebHeader } from './WebHeader';
import { useUnreadPolling } from './useUnreadPolling';

const styles = {
  page: { minHeight: '100vh', background: 'var(--color-fill-2)' },
  main: { width: '100%', maxWidth: 1200, margin: '0 auto', padding: '16px 12px', boxSizing: 'border-box' },
  footer: { background: 'var(--color-bg-2)', borderTop: '1px solid var(--color-border)' },
} as const;

/** Learner web layout (spec admin §2): header, main area, footer with the site copyright. */
export function WebLayout() {
  useUnreadPolling();
  return (
    <Layout style={styles.page}>
      <WebHeader />
      <Layout.Content style={styles.main}>
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={styles.footer}>
        <SiteCopyright />
      </Layout.Footer>
    </Layout>
  );
}
