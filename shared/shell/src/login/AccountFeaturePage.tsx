import { Button, Result } from '@arco-design/web-react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../guard/access';

const TITLES = { sync: '第三方登录' } as const;

/** Third-party login sync (WeChat, DingTalk…) is not built yet; the route shows this notice. */
export function AccountFeaturePage({ feature }: { feature: keyof typeof TITLES }) {
  return (
    <Result
      status="info"
      title={TITLES[feature]}
      subTitle="该功能由账号模块提供，稍后上线。"
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
