import { lazy, Suspense } from 'react';
import { Button, Space } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold, IconSettings } from '@arco-design/web-react/icon';
import { useCurrentRoute } from '@exam/shell';
import type { SizeName } from '../preferences/cookies';
import { FullscreenToggle } from './FullscreenToggle';
import { SizeSelect } from './SizeSelect';
import { TaskMessages } from './TaskMessages';
import { UserMenu } from './UserMenu';

// A Select with search (and its virtual list, tags and checkboxes): on a wide screen only, and not needed to draw.
const HeaderSearch = lazy(() => import('../search/HeaderSearch').then((m) => ({ default: m.HeaderSearch })));
const SEARCH_WIDTH = 220;

interface Props {
  collapsed: boolean;
  /** Below the breakpoint: the button opens the menu drawer, and only the essential tools stay. */
  mobile?: boolean;
  onToggleSidebar: () => void;
  size: SizeName;
  onSizeChange: (size: SizeName) => void;
  onOpenSettings: () => void;
}

const style = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  height: 50,
  padding: '0 12px',
  borderBottom: '1px solid var(--color-border)',
} as const;

/** Top bar: sidebar toggle and page title left; menu search, messages, fullscreen, size, settings, user menu right. */
export function Navbar({ collapsed, mobile, onToggleSidebar, size, onSizeChange, onOpenSettings }: Props) {
  const route = useCurrentRoute();
  return (
    <div style={style}>
      <Space style={{ minWidth: 0 }}>
        <Button
          type="text"
          size={mobile ? 'large' : undefined}
          aria-label={mobile ? '打开菜单' : collapsed ? '展开侧栏' : '收起侧栏'}
          icon={collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
          onClick={onToggleSidebar}
        />
        <span
          style={{
            fontWeight: 500,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: 'block',
          }}
        >
          {route?.title}
        </span>
      </Space>
      <Space size={4}>
        {!mobile && (
          <Suspense fallback={<div style={{ width: SEARCH_WIDTH }} />}>
            <HeaderSearch width={SEARCH_WIDTH} />
          </Suspense>
        )}
        <TaskMessages />
        {!mobile && <FullscreenToggle />}
        {!mobile && <SizeSelect size={size} onChange={onSizeChange} />}
        <Button type="text" aria-label="布局设置" icon={<IconSettings />} onClick={onOpenSettings} />
        <UserMenu compact={mobile} />
      </Space>
    </div>
  );
}
