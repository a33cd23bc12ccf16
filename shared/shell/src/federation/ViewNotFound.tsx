import { Button, Result } from '@arco-design/web-react';
import { Link } from '@exam/router';

/** Shown in place of a view the menu names but no remote provides (typo, remote not deployed). */
export function ViewNotFound({ viewKey }: { viewKey?: string }) {
  return (
    <Result
      status="404"
      title="页面未找到"
      subTitle={viewKey ? `视图 ${viewKey} 不存在，请检查菜单配置或联系管理员。` : '您访问的页面不存在。'}
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
