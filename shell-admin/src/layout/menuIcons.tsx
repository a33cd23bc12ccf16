import {
  IconApps, IconBook, IconDashboard, IconFile, IconHome, IconSettings, IconUser, IconVideoCamera,
} from '@arco-design/web-react/icon';

/**
 * Icons menus may name in `meta.icon`. A fixed map rather than `import *`, which would put every
 * Arco icon in the shell; an unknown name falls back to a generic icon.
 */
const ICONS: Record<string, typeof IconApps> = {
  IconApps, IconBook, IconDashboard, IconFile, IconHome, IconSettings, IconUser, IconVideoCamera,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || IconApps;
  return <Icon />;
}
