import { Tabs } from '@arco-design/web-react';

/**
 * 账号登录 / 手机号登录 / 人脸登录: loaded only when a site switch shows them (Arco's Tabs brings its overflow
 * dropdown and menu, which a password-only login page does not need).
 */
export default function LoginTabs({
  tab,
  mobile,
  face,
  onChange,
}: {
  tab: string;
  mobile: boolean;
  face: boolean;
  onChange: (key: string) => void;
}) {
  return (
    <Tabs activeTab={tab} onChange={onChange}>
      <Tabs.TabPane key="password" title="账号登录" />
      {mobile && <Tabs.TabPane key="mobile" title="手机号登录" />}
      {face && <Tabs.TabPane key="face" title="人脸登录" />}
    </Tabs>
  );
}
