import { lazy, useState } from 'react';
import { ConfigProvider, Layout } from '@arco-design/web-react';
import { Outlet } from '@exam/router';
import { A11Y_COMPONENT_CONFIG } from '@exam/shell';
import { MOBILE_COMMON_CSS, OnceOpened, useIsMobile } from '@exam/ui';
import {
  ARCO_SIZE,
  readSidebarCollapsed,
  readSize,
  writeSidebarCollapsed,
  type SizeName,
} from '../preferences/cookies';
import { useLayoutSettings } from '../preferences/settings';
import { TagsView } from '../tags/TagsView';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';

// Drawers load when first opened: their chunks (Arco's Drawer and focus lock, the settings' ColorPicker and Form)
// are not part of the first load.
const MenuDrawer = lazy(() => import('./MenuDrawer'));
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

const styles = {
  page: { height: '100vh' },
  header: { background: 'var(--color-bg-2)', zIndex: 10 },
  fixedHeader: { position: 'sticky', top: 0 },
  content: { padding: 16, minWidth: 0, background: 'var(--color-fill-2)', minHeight: 'calc(100vh - 100px)' },
} as const;

/**
 * Admin layout (spec admin §2): sidebar, top bar, tags view, content, settings drawer. Below the breakpoint
 * (992 px) the sidebar leaves the page: the top bar's menu button opens it as a drawer over full-width content.
 */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [size, setSize] = useState<SizeName>(readSize);
  const [settings, changeSettings] = useLayoutSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);

  const toggleSidebar = () => {
    // On a phone the button opens the menu drawer; the desktop preference (cookie) stays as it was.
    if (mobile) return setMenuOpen(true);
    writeSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <ConfigProvider size={ARCO_SIZE[size]} componentConfig={A11Y_COMPONENT_CONFIG}>
      <style>{MOBILE_COMMON_CSS}</style>
      {/* hasSider: the Sider sits inside Sidebar, where Layout cannot detect it. */}
      <Layout hasSider={!mobile} style={styles.page}>
        {!mobile && <Sidebar collapsed={collapsed} showLogo={settings.sidebarLogo} />}
        <Layout style={{ overflow: 'auto', minWidth: 0 }}>
          <div style={settings.fixedHeader ? { ...styles.header, ...styles.fixedHeader } : styles.header}>
            <Navbar
              collapsed={mobile || collapsed}
              mobile={mobile}
              onToggleSidebar={toggleSidebar}
              size={size}
              onSizeChange={setSize}
              onOpenSettings={() => setDrawerOpen(true)}
            />
            {settings.tagsView && <TagsView />}
          </div>
          <Layout.Content style={styles.content}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
      {mobile && (
        <OnceOpened open={menuOpen}>
          <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </OnceOpened>
      )}
      <OnceOpened open={drawerOpen}>
        <SettingsDrawer
          visible={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          settings={settings}
          onChange={changeSettings}
        />
      </OnceOpened>
    </ConfigProvider>
  );
}
