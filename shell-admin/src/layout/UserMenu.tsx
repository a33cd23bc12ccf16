import { Avatar, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown, IconUser } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import { useLogout } from '@exam/shell';
import { selectUser, useAppSelector } from '@exam/store';

/** User menu: personal profile (/profile/index), learner home (the learner shell), logout. Compact (a phone): avatar only, opened by a tap. */
export function UserMenu({ compact }: { compact?: boolean }) {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const navigate = useNavigate();

  const onClick = (key: string) => {
    // The learner shell is another app: leave with a full page load.
    if (key === 'profile') navigate('/profile');
    else if (key === 'home') location.href = '/';
    else if (key === 'logout') void logout();
  };

  const menu = (
    <Menu onClickMenuItem={onClick}>
      <Menu.Item key="profile">个人资料</Menu.Item>
      <Menu.Item key="home">学员首页</Menu.Item>
      <Menu.Item key="logout">退出登录</Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={menu} position="br" trigger={compact ? 'click' : 'hover'}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer', padding: '0 8px' }}>
        <Avatar size={28}>{user?.avatar ? <img src={user.avatar} alt="" /> : <IconUser />}</Avatar>
        {!compact && <span>{user?.realName}</span>}
        <IconDown />
      </span>
    </Dropdown>
  );
}
