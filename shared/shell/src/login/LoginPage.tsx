import { Card, Tabs } from '@arco-design/web-react';
import { Link } from 'react-router';
import { selectSite, useAppSelector } from '@exam/store';
import { FaceLoginForm } from './face/FaceLoginForm';
import { MobileLoginForm } from './MobileLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { cardStyle, linkStyle } from './loginShared';

/** 用户登录: password sign-in, plus mobile and face tabs when the site switches mobileLogin / faceLogin are on. */
export function LoginPage() {
  const site = useAppSelector(selectSite);
  const userReg = site?.props.userReg ?? true;
  return (
    <Card style={cardStyle} title="用户登录" bordered={false}>
      {site?.props.mobileLogin || site?.props.faceLogin ? (
        <Tabs defaultActiveTab="password" destroyOnHide>
          <Tabs.TabPane key="password" title="账号登录"><PasswordLoginForm /></Tabs.TabPane>
          {site.props.mobileLogin && <Tabs.TabPane key="mobile" title="手机号登录"><MobileLoginForm /></Tabs.TabPane>}
          {site.props.faceLogin && <Tabs.TabPane key="face" title="人脸登录"><FaceLoginForm /></Tabs.TabPane>}
        </Tabs>
      ) : (
        <PasswordLoginForm />
      )}
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        {userReg ? <Link to="/pages/login/register" style={linkStyle}>学员注册</Link> : <span />}
        <Link to="/pages/login/forgot" style={linkStyle}>忘记密码？</Link>
      </div>
    </Card>
  );
}
