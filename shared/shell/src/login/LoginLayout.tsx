import { Suspense } from 'react';
import { Outlet } from '@exam/router';
import { selectSite, useAppSelector } from '@exam/store';
import { useShell } from '../app/ShellContext';
import { SiteCopyright } from './SiteCopyright';

const styles = {
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--color-fill-2)' },
  header: { padding: '48px 0 24px', textAlign: 'center' },
  logo: { maxHeight: 56, maxWidth: 280 },
  name: { fontSize: 28, fontWeight: 600, color: 'var(--color-text-1)' },
  main: { flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: 16 },
} as const;

/** Login layout (spec admin §2): logo or site name on top, copyright footer. */
export function LoginLayout() {
  const site = useAppSelector(selectSite);
  const { terminal } = useShell();
  const logo = terminal === 'admin' ? site?.backLogo || site?.frontLogo : site?.frontLogo || site?.backLogo;
  return (
    <div style={styles.page}>
      <header style={styles.header}>
        {logo ? (
          <img src={logo} alt={site?.siteName} style={styles.logo} />
        ) : (
          <div style={styles.name}>{site?.siteName}</div>
        )}
      </header>
      <main style={styles.main}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteCopyright />
    </div>
  );
}
