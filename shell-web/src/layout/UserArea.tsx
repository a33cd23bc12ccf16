import { Avatar, Badge, Button, Space } from '@arco-design/web-react';
import { IconPoweroff, IconSettings, IconUser } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { ADMIN_ROLE_TYPE, useLogout } from '@exam/shell';
import { selectUnread, selectUser, useAppSelector } from '@exam/store';

const MESSAGES_PATH = '/pages/uc/im';

/** Avatar with unread badge (max 99, hidden at 0), real name, admin link for role type 2, logout. */
export function UserArea() {
  const user = useAppSelector(selectUser);
  const unread = useAppSelector(selectUnread);
  const logout = useLogout();
  if (!user) return null;
  return (
    <Space size={16} style={{ flexShrink: 0 }}>
      <Link to={MESSAGES_PATH} title="站内信息">
        <Badge count={unread} maxCount={99}>
          <Avatar size={32}>{user.avatar ? <img src={user.avatar} alt={user.realName} /> : <IconUser />}</Avatar>
        </Badge>
      </Link>
      <span style={{ color: 'var(--color-text-1)', whiteSpace: 'nowrap' }}>{user.realName}</span>
      {user.roleType === ADMIN_ROLE_TYPE && (
        // Another app (the admin shell), so a full page load rather than a router link.
        <a href="/admin/">
          <Button type="text" icon={<IconSettings />}>管理后台</Button>
        </a>
      )}
      <Button type="text" status="danger" icon={<IconPoweroff />} onClick={logout}>
        退出
      </Button>
    </Space>
  );
}
