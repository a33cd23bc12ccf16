import { lazy, useState } from 'react';
import { Button, Layout, Menu } from '@arco-design/web-react';
import { IconMenu } from '@arco-design/web-react/icon';
import { Link, useLocation, useNavigate } from '@exam/router';
import { activeMenuKey, layoutMenu, WEB_LAYOUT } from '@exam/shell';
import { selectRoutes, selectSite, useAppSelector } from '@exam/store';
import { OnceOpened, useIsMobile } from '@exam/ui';
import { renderEntry } from './menuEntry';
import { UserArea } from './UserArea';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

const styles = {
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: 24,
    height: 60,
    padding: '0 24px',
    background: 'var(--color-bg-2)',
    borderBottom: '1px solid var(--color-border)',
  },
  mobileHeader: { gap: 8, padding: '0 8px 0 12px', position: 'sticky', top: 0, zIndex: 100 },
  brand: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    minWidth: 0,
    color: 'var(--color-text-1)',
    textDecoration: 'none',
  },
  logo: { maxHeight: 40, maxWidth: 200 },
  name: { fontSize: 20, fontWeight: 600, whiteSpace: 'nowrap' },
  mobileName: { fontSize: 17, overflow: 'hidden', textOverflow: 'ellipsis' },
  // Arco folds the items that do not fit into a "…" menu on a narrow desktop window.
  menu: { flex: 1, minWidth: 0, background: 'transparent' },
} as const;

/**
 * Logo or site name, the top menu from the web layout's visible children, the user area. Below the
 * breakpoint (spec: 992 px) the menu and the user area fold into a drawer opened by the menu button.
 */
export function WebHeader() {
  const site = useAppSelector(selectSite);
  const routes = useAppSelector(selectRoutes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const entries = layoutMenu(routes, WEB_LAYOUT);
  const active = activeMenuKey(entries, pathname);
  const selected = active ? [active] : [];
  const brand = (
    <Link to="/" style={styles.brand}>
      {site?.frontLogo ? (
        <img src={site.frontLogo} alt={site.siteName} style={styles.logo} />
      ) : (
        <span style={mobile ? { ...styles.name, ...styles.mobileName } : styles.name}>{site?.siteName}</span>
      )}
    </Link>
  );
  if (!mobile) {
    return (
      <Layout.Header style={styles.header}>
        {brand}
        <Menu mode="horizontal" style={styles.menu} selectedKeys={selected} onClickMenuItem={(key) => navigate(key)}>
          {entries.map(renderEntry)}
        </Menu>
        <UserArea />
      </Layout.Header>
    );
  }
  return (
    <Layout.Header style={{ ...styles.header, ...styles.mobileHeader }}>
      {brand}
      <span style={{ flex: 1 }} />
      <UserArea compact />
      <Button
        type="text"
        size="large"
        aria-label="打开菜单"
        icon={<IconMenu style={{ fontSize: 22 }} />}
        onClick={() => setOpen(true)}
      />
      <OnceOpened open={open}>
        <MenuDrawer
          open={open}
          entries={entries}
          selected={selected}
          onClose={() => setOpen(false)}
          onNavigate={navigate}
        />
      </OnceOpened>
    </Layout.Header>
  );
}
