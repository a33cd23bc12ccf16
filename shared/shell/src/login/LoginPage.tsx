import { lazy, startTransition, Suspense, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { Link, useLocation } from '@exam/router';
import { selectSite, selectSiteLoaded, useAppSelector } from '@exam/store';
import { OauthLoginButtons, useOauthResult } from '@exam/ui';
import { useShell } from '../app/ShellContext';
import { PasswordLoginForm } from './PasswordLoginForm';
import { cardStyle, linkStyle } from './loginShared';

// Loaded when switched on and chosen: the first paint of the login page carries the password form only.
const LoginTabs = lazy(() => import('./LoginTabs'));
const MobileLoginForm = lazy(() => import('./MobileLoginForm').then((m) => ({ default: m.MobileLoginForm })));
const FaceLoginForm = lazy(() => import('./face/FaceLoginForm').then((m) => ({ default: m.FaceLoginForm })));

/** The room the password form and its links take, kept while the site's switches load. */
const formSpace = { minHeight: 185 };

/**
 * 用户登录: password sign-in, plus mobile and face tabs when the site switches mobileLogin / faceLogin are on,
 * and a button per third-party provider switched on (its callback comes back here with `?oauth=` on failure).
 */
export function LoginPage() {
  const site = useAppSelector(selectSite);
  const siteLoaded = useAppSelector(selectSiteLoaded);
  const { search } = useLocation();
  useOauthResult(search);
  const redirect = new URLSearchParams(search).get('redirect') ?? undefined;
  // Learners register on the learner site: the admin shell's sign-in offers no 学员注册.
  const { terminal } = useShell();
  const userReg = terminal !== 'admin' && (site?.props.userReg ?? true);
  const mobile = Boolean(site?.props.mobileLogin);
  const face = Boolean(site?.props.faceLogin);
  const [tab, setTab] = useState('password');
  const shown = (tab === 'mobile' && mobile) || (tab === 'face' && face) ? tab : 'password';
  // A chosen form loads as a transition: the current one stays until the new one's chunk is there.
  const choose = (key: string) => startTransition(() => setTab(key));
  return (
    <Card style={cardStyle} title="用户登录" bordered={false}>
      {/* The form appears once, whole: after the site's switches (which decide the tabs) and with the tabs'
          chunk, so nothing moves under a finger or pointer about to press 登录. */}
      <Suspense fallback={<div style={formSpace} />}>
        {!siteLoaded ? (
          <div style={formSpace} />
        ) : (
          <>
            {(mobile || face) && <LoginTabs tab={tab} mobile={mobile} face={face} onChange={choose} />}
            {shown === 'mobile' ? <MobileLoginForm /> : shown === 'face' ? <FaceLoginForm /> : <PasswordLoginForm />}
            <OauthLoginButtons redirect={redirect} />
            <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
              {userReg ? (
                <Link to="/pages/login/register" style={linkStyle}>
                  学员注册
                </Link>
              ) : (
                <span />
              )}
              <Link to="/pages/login/forgot" style={linkStyle}>
                忘记密码？
              </Link>
            </div>
          </>
        )}
      </Suspense>
    </Card>
  );
}
