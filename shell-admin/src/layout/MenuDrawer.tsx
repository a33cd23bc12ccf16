import { Drawer } from '@arco-design/web-react';
import { SIDEBAR_WIDTH, SidebarMenu } from './Sidebar';

/** Below the breakpoint: the sidebar's menu as a drawer over full-width content (loaded when first opened). */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      width={SIDEBAR_WIDTH + 40}
      visible={open}
      onCancel={onClose}
      title={null}
      footer={null}
      closable={false}
      bodyStyle={{ padding: 0 }}
    >
      <div data-testid="admin-drawer-menu">
        <SidebarMenu collapsed={false} showLogo onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
