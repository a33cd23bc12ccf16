import { useEffect, useState } from 'react';
import { Button, Result, Spin } from '@arco-design/web-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { clearToken, setToken } from '@exam/api';
import type { LoginReq } from '@exam/contracts';
import { fetchInfo, login, useAppDispatch } from '@exam/store';
import { LOGIN_PATH, redirectAfterLogin } from '../guard/access';
import { errorInfo } from './loginShared';

/**
 * /pages/login/sync (登录成功): where a sign-in that happened elsewhere (a third-party provider's callback
 * on the server, another terminal) hands over its session as `?token=…&redirect=…`. The token is
 * checked with the server before it is kept; the query is dropped from history either way.
 */
export function SyncPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [error, setError] = useState('');

  useEffect(() => {
    const token = new URLSearchParams(search).get('token') ?? '';
    if (!token) {
      setError('登录信息缺失，请重新登录！');
      return;
    }
    setToken(token);
    dispatch(login.fulfilled({ token }, 'sync', {} as LoginReq));
    dispatch(fetchInfo()).unwrap()
      .then(() => navigate(redirectAfterLogin(search), { replace: true }))
      .catch((e) => {
        clearToken();
        setError(errorInfo(e, '登录已失效，请重新登录！').msg);
        navigate({ search: '' }, { replace: true });
      });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, with the query the page opened with

  if (!error) return <Spin tip="正在登录…" style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <Result
      status="warning"
      title="登录失败"
      subTitle={error}
      extra={<Link to={LOGIN_PATH}><Button type="primary">返回登录</Button></Link>}
    />
  );
}
