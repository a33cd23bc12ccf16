import { useEffect, useState } from 'react';
import { Button, Result, Spin } from '@arco-design/web-react';
import { Link, useLocation, useNavigate } from '@exam/router';
import { call, clearToken, setToken } from '@exam/api';
import { type LoginReq, OauthCalls } from '@exam/contracts';
import { fetchInfo, login, useAppDispatch } from '@exam/store';
import { LOGIN_PATH } from '../guard/access';
import { errorInfo } from './loginShared';
import { useGoOnAfterSignIn } from './useGoOn';

/**
 * /pages/login/sync (登录成功): where a sign-in that happened elsewhere hands over its session, as the one-time
 * ticket a third-party provider's callback issues (`?ticket=…&redirect=…`, one use, a minute), traded for the
 * token here. Nothing else is taken: a session token in an address would let a link sign a browser in as
 * someone else (login CSRF), so `?token=` is refused. The query is dropped from history either way.
 */
export function SyncPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const goOn = useGoOnAfterSignIn();
  const dispatch = useAppDispatch();
  const [error, setError] = useState('');

  useEffect(() => {
    const query = new URLSearchParams(search);
    const ticket = query.get('ticket') ?? '';
    if (!ticket) {
      setError('登录信息缺失，请重新登录！');
      navigate({ search: '' }, { replace: true });
      return;
    }
    call(OauthCalls.ticket, { ticket }, { silent: true })
      .then(({ token }) => {
        setToken(token);
        dispatch(login.fulfilled({ token }, 'sync', {} as LoginReq));
        return dispatch(fetchInfo()).unwrap();
      })
      .then(() => goOn())
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
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
