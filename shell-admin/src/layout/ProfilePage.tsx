import { Avatar, Button, Card, Descriptions } from '@arco-design/web-react';
import { IconUser } from '@arco-design/web-react/icon';
import { selectUser, useAppSelector } from '@exam/store';

/** Personal profile (spec admin §2, route /profile/index): the signed-in user at a glance; changes happen in the user centre. */
export function ProfilePage() {
  const user = useAppSelector(selectUser);
  const data = [
    { label: '账号', value: user?.userName },
    { label: '姓名', value: user?.realName },
    { label: '部门', value: user?.deptCode_dictText || '-' },
    { label: '手机号', value: user?.mobile || '-' },
    { label: '角色类型', value: user?.roleType === 2 ? '管理' : '学员' },
    { label: '积分', value: user?.points ?? 0 },
  ];
  return (
    <Card title="个人资料" style={{ maxWidth: 520 }} data-testid="profile-page">
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar size={64}>{user?.avatar ? <img src={user.avatar} alt="" /> : <IconUser />}</Avatar>
      </div>
      <Descriptions column={1} data={data} labelStyle={{ width: 80 }} />
      <div style={{ display: 'flex', gap: 8, marginTop: 24 }}>
        {/* The user centre is the learner shell's: leave with a full page load. */}
        <Button type="primary" onClick={() => (location.href = '/pages/uc/info')}>
          修改资料
        </Button>
        <Button onClick={() => (location.href = '/pages/uc/pass')}>修改密码</Button>
      </div>
    </Card>
  );
}
