import { Button, Space } from '@arco-design/web-react';
import type { BindRow, OauthType } from '@exam/contracts';
import { OauthBadge, useOauthProvidersQuery, useOauthStart } from '@exam/ui';

/** 绑定 buttons for the providers the site switched on and the learner has not bound yet (the same flow as sign-in, bind intent). */
export function OauthBindButtons({ bound }: { bound: BindRow[] }) {
  const { data = [] } = useOauthProvidersQuery({});
  const { go, busy } = useOauthStart('bind');
  const open = data.filter((p) => !bound.some((b) => b.loginType === p.type));
  if (!open.length) return null;
  return (
    <Space wrap size={12} style={{ marginBottom: 12 }}>
      {open.map((p) => (
        <Button
          key={p.type}
          type="outline"
          loading={busy}
          icon={<OauthBadge type={p.type as OauthType} size={18} gap={6} />}
          onClick={() => go(p.type as OauthType, '/pages/uc/bind')}
        >
          绑定{p.title}
        </Button>
      ))}
    </Space>
  );
}
