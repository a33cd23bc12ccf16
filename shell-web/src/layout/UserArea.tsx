import { Avatar, Button, Space } from '@arco-design/web-react';
import { IconPoweroff, IconSettings, IconUser } from '@arco-design/web-react/icon';
import { Link } from '@exam/router';
import { ADMIN_ROLE_TYPE, UnreadBadge, useLogout } from '@exam/shell';
import { selectUser, useAppSelector } from '@exam/store';

const MESSAGES_PATH = '/pages/uc/im';

interface Props {
  /** Phone header: the avatar with its unread badge only (the rest is in the drawer). */
  compact?: boolean;
  /** Phone drawer: name, admin link and logout, one per line. */
  drawer?: boolean;
  onLeave?: () => void;
}

/** Avatar with unread badge (max 99, hidden at 0), real name, admin link for role type 2, logout. */
export function UserArea({ compact, drawer, onLeave }: Props) {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  if (!user) return null;
  const avatar = (
    <Link to={MESSAGES_PATH} title="站内信息" onClick={onLeave}>
      <UnreadBadge>
        <Avatar size={32}>{user.avatar ? <img src={user.avatar} alt={user.realName} /> : <IconUser />}</Avatar>
      </UnreadBadge>
    </Link>
  );
  if (compact) return avatar;
  const name = <span style={{ color: 'var(--color-text-1)', whiteSpace: 'nowrap' }}>{user.realName}</span>;
  const admin = user.roleType === ADMIN_ROLE_TYPE && (
    // Another app (the admin shell), so a full page load rather than a router link.
    <a href="/admin/">
      <Button type="text" icon={<IconSettings />}>
        管理后台
      </Button>
    </a>
  );
  const quit = (
    <Button type="text" status="danger" icon={<IconPoweroff />} onClick={logout}>
      退出
    </Button>
  );
  if (drawer) {
    return (
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Space size={12}>
          {avatar}
          {name}
        </Space>
        {admin}
        {quit}
      </Space>
    );
  }
  return (
    <Space size={16} style={{ flexShrink: 0 }}>
      {avatar}
      {name}
      {admin}
      {quit}
    </Space>
  );
}
