import { useEffect } from 'react';
import { Button, Result } from '@arco-design/web-react';
import { Link, useLocation, useNavigate, useParams } from '@exam/router';
import { ViewNotFound } from '../federation/ViewNotFound';

const home = (
  <Link to="/">
    <Button type="primary">返回首页</Button>
  </Link>
);

export const NotFoundPage = () => <ViewNotFound />;

export const ForbiddenPage = () => (
  <Result status="403" title="无权访问" subTitle="您没有访问该页面的权限。" extra={home} />
);

export const LicensePage = () => (
  <Result status="error" title="系统授权无效" subTitle="系统授权已失效或不存在，请联系管理员处理。" />
);

/**
 * /redirect/<path>: re-enters <path> so its page mounts afresh (used to apply a new component
 * size, spec admin §2 "font-size select").
 */
export function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}
