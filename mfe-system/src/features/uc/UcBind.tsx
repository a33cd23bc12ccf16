import { useState } from 'react';
import { Button, Divider, Space, Typography } from '@arco-design/web-react';
import { IconMobile } from '@arco-design/web-react/icon';
import { useLocation } from '@exam/router';
import { fetchInfo, useAppDispatch } from '@exam/store';
import { confirmAction, useOauthResult } from '@exam/ui';
import { BindMobileDialog } from './BindMobileDialog';
import { OauthBindButtons } from './OauthBindButtons';
import { OtherBindings } from './OtherBindings';
import { UcFrame } from './UcFrame';
import { useUcBindInfoQuery, useUcBindListQuery } from './ucApi';

/** 账号绑定: the mobile row (绑定 / number + 解绑), 绑定 buttons per third-party provider and the list of other bindings. */
export default function UcBind() {
  // Read afresh when the page opens; the binding writes refresh both through their tag.
  const info = useUcBindInfoQuery({ loginType: 'mobile' }, { refetchOnMountOrArgChange: true });
  const list = useUcBindListQuery({}, { refetchOnMountOrArgChange: true });
  const mobile = info.data;
  const others = (list.data ?? []).filter((b) => b.loginType !== 'mobile');
  const [dialog, setDialog] = useState<'bind' | 'unbind'>();
  const dispatch = useAppDispatch();

  // A provider's callback comes back here with ?oauth=bound (or why not).
  useOauthResult(useLocation().search, () => {
    void info.refetch();
    void list.refetch();
  });

  const askUnbind = async () => {
    if (await confirmAction({ content: '确实要解除用户的手机绑定?' })) setDialog('unbind');
  };
  const closed = (changed: boolean) => {
    setDialog(undefined);
    if (changed) dispatch(fetchInfo()); // the bindings refresh through their tag
  };

  return (
    <UcFrame title="账号绑定">
      <Space size={16} align="center" style={{ padding: '8px 0' }}>
        <IconMobile style={{ fontSize: 28, color: 'rgb(var(--primary-6))' }} />
        <div style={{ width: 200 }}>
          <div>手机号</div>
          <Typography.Text type="secondary" data-testid="bound-mobile">
            {mobile?.bound ? mobile.openId : '未绑定'}
          </Typography.Text>
        </div>
        {mobile &&
          (mobile.bound ? (
            <Button status="danger" onClick={askUnbind}>
              解绑
            </Button>
          ) : (
            <Button type="primary" onClick={() => setDialog('bind')}>
              绑定
            </Button>
          ))}
      </Space>
      <Divider orientation="left">其他绑定</Divider>
      <OauthBindButtons bound={others} />
      <OtherBindings rows={others} />
      <BindMobileDialog mode={dialog ?? 'bind'} mobile={mobile?.openId} visible={Boolean(dialog)} onClose={closed} />
    </UcFrame>
  );
}
