import { Avatar, Card, Space, Typography } from '@arco-design/web-react';
import { IconUser } from '@arco-design/web-react/icon';
import { selectUser, useAppSelector } from '@exam/store';

// Each item keeps its label and value on one line; on a phone the items wrap as wholes.
const item = { color: 'var(--color-text-3)', marginRight: 24, display: 'inline-block', whiteSpace: 'nowrap' } as const;

/** User banner: avatar, name, ID, department, points. */
export function UcBanner() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <Card bordered={false}>
      <Space size={20} align="center">
        <Avatar size={72}>{user.avatar ? <img src={user.avatar} alt={user.realName} /> : <IconUser />}</Avatar>
        <div>
          <Typography.Title heading={5} style={{ margin: '0 0 8px' }}>
            {user.realName}
          </Typography.Title>
          <div>
            <span style={item}>ID：{user.id}</span>
            <span style={item}>部门：{user.deptCode_dictText || '-'}</span>
            <span style={item}>
              积分：<b style={{ color: 'rgb(var(--orange-6))' }}>{user.points}</b>
            </span>
          </div>
        </div>
      </Space>
    </Card>
  );
}
