// Loaded when shown (pages/lazyPage.tsx): Result and its illustrations are not part of a normal first load.
import { Button, Result } from '@arco-design/web-react';
import { Link } from '@exam/router';
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
