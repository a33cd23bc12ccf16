import { lazy, Suspense, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { Link, useLocation } from 'react-router';
import { selectSite, useAppSelector } from '@exam/store';
import { OauthLoginButtons, useOauthResult } from '@exam/ui';
import { PasswordLoginForm } from './PasswordLoginForm';
import { cardStyle, linkStyle } from './loginShared';

// Loaded when switched on and chosen: the first paint of the login page carries the password form only.
const LoginTabs = lazy(() => import('./LoginTabs'));
const MobileLoginForm = lazy(() => import('./MobileLoginForm').then((m) => ({ default: m.MobileLoginForm })));
const FaceLoginForm = lazy(() => import('./face/FaceLoginForm').then((m) => ({ default: m.FaceLoginForm })));

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
        <Suspense fallback={null}>
          <LoginTabs tab={tab} mobile={mobile} face={face} onChange={setTab} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {shown === 'mobile' ? <MobileLoginForm /> : shown === 'face' ? <FaceLoginForm /> : <PasswordLoginForm />}
      </Suspense>
      <OauthLoginButtons redirect={redirect} />
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        {userReg ? <Link to="/pages/login/register" style={linkStyle}>学员注册</Link> : <span />}
        <Link to="/pages/login/forgot" style={linkStyle}>忘记密码？</Link>
      </div>
    </Card>
  );
}
