import { Layout, Menu } from '@arco-design/web-react';
import { useLocation, useNavigate } from '@exam/router';
import { activeMenuKey, LAYOUT, layoutMenu, type MenuEntry } from '@exam/shell';
import { selectRoutes, selectSite, useAppSelector } from '@exam/store';
import { MenuIcon } from './menuIcons';

export const SIDEBAR_WIDTH = 210;

const styles = {
  brand: { display: 'flex', alignItems: 'center', gap: 8, height: 50, padding: '0 12px', overflow: 'hidden' },
  logo: { width: 28, height: 28, objectFit: 'contain', flexShrink: 0 },
  name: { fontWeight: 600, fontSize: 15, whiteSpace: 'nowrap', color: 'var(--color-text-1)' },
} as const;

/** Keys of the groups on the way to `key`, so the active item's group starts open. */
function groupsAbove(entries: MenuEntry[], key: string | undefined): string[] {
  for (const entry of entries) {
    if (!entry.children) continue;
    if (entry.children.some((c) => c.key === key)) return [entry.key];
    const deeper = groupsAbove(entry.children, key);
    if (deeper.length) return [entry.key, ...deeper];
  }
  return [];
}

const renderEntry = (entry: MenuEntry, depth: number) => {
  const title =
    depth === 0 ? (
      <>
        <MenuIcon name={entry.icon} />
        {entry.title}
      </>
    ) : (
      entry.title
    );
  return entry.children ? (
    <Menu.SubMenu key={entry.key} title={title}>
      {entry.children.map((child) => renderEntry(child, depth + 1))}
    </Menu.SubMenu>
  ) : (
    <Menu.Item key={entry.key}>{title}</Menu.Item>
  );
};

interface MenuProps {
  collapsed: boolean;
  showLogo: boolean;
  /** Called after a page is chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}

/** Logo, site name and the menu from the permitted routes (the server sends only those). */
export function SidebarMenu({ collapsed, showLogo, onNavigate }: MenuProps) {
  const routes = useAppSelector(selectRoutes);
  const site = useAppSelector(selectSite);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = layoutMenu(routes, LAYOUT);
  const active = activeMenuKey(entries, pathname);
  return (
    <>
      {showLogo && (
        <div style={styles.brand}>
          {site?.backLogo && <img src={site.backLogo} alt="" style={styles.logo} />}
          {!collapsed && <span style={styles.name}>{site?.siteName}</span>}
        </div>
      )}
      <Menu
        selectedKeys={active ? [active] : []}
        defaultOpenKeys={groupsAbove(entries, active)}
        onClickMenuItem={(key) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ width: '100%' }}
      >
        {entries.map((entry) => renderEntry(entry, 0))}
      </Menu>
    </>
  );
}

/** The sidebar beside the content on a wide screen. */
export function Sidebar({ collapsed, showLogo }: MenuProps) {
  return (
    <Layout.Sider
      collapsed={collapsed}
      width={SIDEBAR_WIDTH}
      collapsedWidth={48}
      style={{ height: '100vh', overflow: 'auto' }}
    >
      <SidebarMenu collapsed={collapsed} showLogo={showLogo} />
    </Layout.Sider>
  );
}
