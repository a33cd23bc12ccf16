import { Drawer, Menu } from '@arco-design/web-react';
import type { MenuEntry } from '@exam/shell';
import { renderEntry } from './menuEntry';
import { UserArea } from './UserArea';

interface Props {
  open: boolean;
  entries: MenuEntry[];
  selected: string[];
  onClose: () => void;
  onNavigate: (key: string) => void;
}

/** Below the breakpoint: the top menu and the user area in a drawer (loaded when first opened). */
export default function MenuDrawer({ open, entries, selected, onClose, onNavigate }: Props) {
  return (
    <Drawer
      placement="right"
      width={280}
      title="菜单"
      visible={open}
      onCancel={onClose}
      footer={null}
      bodyStyle={{ padding: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Menu
        mode="vertical"
        selectedKeys={selected}
        style={{ width: '100%' }}
        data-testid="web-drawer-menu"
        onClickMenuItem={(key) => {
          onClose();
          onNavigate(key);
        }}
      >
        {entries.map(renderEntry)}
      </Menu>
      <div style={{ borderTop: '1px solid var(--color-border)', padding: '12px 16px' }}>
        <UserArea drawer onLeave={onClose} />
      </div>
    </Drawer>
  );
}
