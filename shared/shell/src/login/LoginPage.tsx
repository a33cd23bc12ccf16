import { useState } from 'react';
import { Card, Tabs } from '@arco-design/web-react';
import { Link, useLocation } from 'react-router';
import { selectSite, useAppSelector } from '@exam/store';
import { OauthLoginButtons, useOauthResult } from '@exam/ui';
import { FaceLoginForm } from './face/FaceLoginForm';
import { MobileLoginForm } from './MobileLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { cardStyle, linkStyle } from './loginShared';

/**
 * 用户登录: password sign-in, plus mobile and face tabs when the site switches mobileLogin / faceLogin are on,
 * and a button per third-party provider switched on (its callback comes back here with `?oauth=` on failure).
 */
export function LoginPage() {
  const site = useAppSelector(selectSite);
  const { search } = useLocation();
  useOauthResult(search);
  const redirect = new URLSearchParams(search).get('redirect') ?? undefined;
  const userReg = site?.props.userReg ?? true;
  const mobile = Boolean(site?.props.mobileLogin);
  const face = Boolean(site?.props.faceLogin);
  const [tab, setTab] = useState('password');
  const shown = (tab === 'mobile' && mobile) || (tab === 'face' && face) ? tab : 'password';
  return (
    <Card style={cardStyle} title="用户登录" bordered={false}>
      {/* The tabs appear once the site's switches arrive; the password form keeps its place in the tree,
          so what the learner typed meanwhile is not lost when they do. */}
      {(mobile || face) && (
        <Tabs activeTab={tab} onChange={setTab}>
          <Tabs.TabPane key="password" title="账号登录" />
          {mobile && <Tabs.TabPane key="mobile" title="手机号登录" />}
          {face && <Tabs.TabPane key="face" title="人脸登录" />}
        </Tabs>
      )}
      {shown === 'mobile' ? <MobileLoginForm /> : shown === 'face' ? <FaceLoginForm /> : <PasswordLoginForm />}
      <OauthLoginButtons redirect={redirect} />
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        {userReg ? <Link to="/pages/login/register" style={linkStyle}>学员注册</Link> : <span />}
        <Link to="/pages/login/forgot" style={linkStyle}>忘记密码？</Link>
      </div>
    </Card>
  );
}
