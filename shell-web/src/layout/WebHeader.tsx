import { Layout, Menu } from '@arco-design/web-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { activeMenuKey, layoutMenu, WEB_LAYOUT, type MenuEntry } from '@exam/shell';
import { selectRoutes, selectSite, useAppSelector } from '@exam/store';
import { UserArea } from './UserArea';

const styles = {
  header: { display: 'flex', alignItems: 'center', gap: 24, height: 60, padding: '0 24px',
    background: 'var(--color-bg-2)', borderBottom: '1px solid var(--color-border)' },
  brand: { display: 'flex', alignItems: 'center', flexShrink: 0, color: 'var(--color-text-1)', textDecoration: 'none' },
  logo: { maxHeight: 40, maxWidth: 200 },
  name: { fontSize: 20, fontWeight: 600, whiteSpace: 'nowrap' },
  // Arco folds the items that do not fit into a "…" menu, which is the narrow-screen behaviour.
  menu: { flex: 1, minWidth: 0, background: 'transparent' },
} as const;

const renderEntry = (entry: MenuEntry) =>
  entry.children ? (
    <Menu.SubMenu key={entry.key} title={entry.title}>
      {entry.children.map(renderEntry)}
    </Menu.SubMenu>
  ) : (
    <Menu.Item key={entry.key}>{entry.title}</Menu.Item>
  );

/** Logo or site name, the top menu from the web layout's visible children, the user area. */
export function WebHeader() {
  const site = useAppSelector(selectSite);
  const routes = useAppSelector(selectRoutes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = layoutMenu(routes, WEB_LAYOUT);
  const active = activeMenuKey(entries, pathname);
  return (
    <Layout.Header style={styles.header}>
      <Link to="/" style={styles.brand}>
        {site?.frontLogo ? <img src={site.frontLogo} alt={site.siteName} style={styles.logo} /> : <span style={styles.name}>{site?.siteName}</span>}
      </Link>
      <Menu mode="horizontal" style={styles.menu} selectedKeys={active ? [active] : []} onClickMenuItem={(key) => navigate(key)}>
        {entries.map(renderEntry)}
      </Menu>
      <UserArea />
    </Layout.Header>
  );
}
