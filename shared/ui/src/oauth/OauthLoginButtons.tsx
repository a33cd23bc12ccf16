import { Button, Divider, Space } from '@arco-design/web-react';
import type { OauthType } from '@exam/contracts';
import { OauthBadge } from './OauthBadge';
import { useOauthProvidersQuery, useOauthStart } from './oauthApi';

/** 其他登录方式: a button per provider the site switched on and configured; nothing when there is none. */
export function OauthLoginButtons({ redirect }: { redirect?: string }) {
  const { data = [] } = useOauthProvidersQuery({});
  const { go, busy } = useOauthStart('login');
  if (!data.length) return null;
  return (
    <div data-testid="oauth-login">
      <Divider style={{ margin: '16px 0 12px' }}>
        <span style={{ fontSize: 12, color: 'var(--color-text-3)' }}>其他登录方式</span>
      </Divider>
      <Space wrap size={8} style={{ width: '100%', justifyContent: 'center' }}>
        {data.map((p) => (
          <Button
            key={p.type}
            loading={busy}
            icon={<OauthBadge type={p.type as OauthType} size={18} gap={6} />}
            onClick={() => go(p.type as OauthType, redirect)}
          >
            {p.title}登录
          </Button>
        ))}
      </Space>
    </div>
  );
}
