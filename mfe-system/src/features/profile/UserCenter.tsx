import { Avatar, Card, Descriptions, Space, Typography } from '@arco-design/web-react';
import { IconUser } from '@arco-design/web-react/icon';
import { selectUser, useAppSelector } from '@exam/store';

/** Learner user centre banner (route /pages/uc): avatar, name, ID, department, points. */
export default function UserCenter() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const data = [
    { label: '用户ID', value: user.id },
    { label: '账号', value: user.userName },
    { label: '部门', value: user.deptCode_dictText || '-' },
    { label: '积分', value: user.points },
  ];
  return (
    <Card title="个人中心" bordered={false}>
      <Space size={24} align="start">
        <Avatar size={80}>{user.avatar ? <img src={user.avatar} alt={user.realName} /> : <IconUser />}</Avatar>
        <div>
          <Typography.Title heading={5} style={{ marginTop: 0 }}>{user.realName}</Typography.Title>
          <Descriptions column={1} data={data} labelStyle={{ width: 80 }} />
        </div>
      </Space>
    </Card>
  );
}
