import { Button, Space } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold, IconSettings } from '@arco-design/web-react/icon';
import { useCurrentRoute } from '@exam/shell';
import type { SizeName } from '../preferences/cookies';
import { HeaderSearch } from '../search/HeaderSearch';
import { FullscreenToggle } from './FullscreenToggle';
import { SizeSelect } from './SizeSelect';
import { TaskMessages } from './TaskMessages';
import { UserMenu } from './UserMenu';

interface Props {
  collapsed: boolean;
  onToggleSidebar: () => void;
  size: SizeName;
  onSizeChange: (size: SizeName) => void;
  onOpenSettings: () => void;
}

const style = {
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 50, padding: '0 12px',
  borderBottom: '1px solid var(--color-border)',
} as const;

/** Top bar: sidebar toggle and page title left; menu search, messages, fullscreen, size, settings, user menu right. */
export function Navbar({ collapsed, onToggleSidebar, size, onSizeChange, onOpenSettings }: Props) {
  const route = useCurrentRoute();
  return (
    <div style={style}>
      <Space>
        <Button
          type="text"
          aria-label={collapsed ? '展开侧栏' : '收起侧栏'}
          icon={collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
          onClick={onToggleSidebar}
        />
        <span style={{ fontWeight: 500 }}>{route?.title}</span>
      </Space>
      <Space size={4}>
        <HeaderSearch />
        <TaskMessages />
        <FullscreenToggle />
        <SizeSelect size={size} onChange={onSizeChange} />
        <Button type="text" aria-label="布局设置" icon={<IconSettings />} onClick={onOpenSettings} />
        <UserMenu />
      </Space>
    </div>
  );
}
