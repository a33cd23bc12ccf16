import { useState } from 'react';
import { ConfigProvider, Layout } from '@arco-design/web-react';
import { Outlet } from 'react-router';
import { ARCO_SIZE, readSidebarCollapsed, readSize, writeSidebarCollapsed, type SizeName } from '../preferences/cookies';
import { useLayoutSettings } from '../preferences/settings';
import { TagsView } from '../tags/TagsView';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';

const styles = {
  page: { height: '100vh' },
  header: { background: 'var(--color-bg-2)', zIndex: 10 },
  fixedHeader: { position: 'sticky', top: 0 },
  content: { padding: 16, background: 'var(--color-fill-2)', minHeight: 'calc(100vh - 100px)' },
} as const;

/** Admin layout (spec admin §2): sidebar, top bar, tags view, content, settings drawer. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [size, setSize] = useState<SizeName>(readSize);
  const [settings, changeSettings] = useLayoutSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggleSidebar = () => {
    writeSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <ConfigProvider size={ARCO_SIZE[size]}>
      {/* hasSider: the Sider sits inside Sidebar, where Layout cannot detect it. */}
      <Layout hasSider style={styles.page}>
        <Sidebar collapsed={collapsed} showLogo={settings.sidebarLogo} />
        <Layout style={{ overflow: 'auto' }}>
          <div style={settings.fixedHeader ? { ...styles.header, ...styles.fixedHeader } : styles.header}>
            <Navbar
              collapsed={collapsed}
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
      <SettingsDrawer visible={drawerOpen} onClose={() => setDrawerOpen(false)} settings={settings} onChange={changeSettings} />
    </ConfigProvider>
  );
}
