import { Tabs } from '@arco-design/web-react';
import { PageContainer } from '@exam/ui';
import { BaseConfig } from './BaseConfig';
import { FaceConfig } from './FaceConfig';
import { LiveConfig } from './LiveConfig';
import { OauthKeys } from './OauthKeys';
import { PayKeys } from './PayKeys';
import { SwitchConfig } from './SwitchConfig';
import { UploadConfig } from './UploadConfig';

/** Site configuration (route SysConfig): tabs base, face, live, switch, upload (spec admin §2), payment (issue 40). */
export default function SysConfig() {
  return (
    <PageContainer title="系统配置">
      <Tabs defaultActiveTab="base" lazyload destroyOnHide>
        <Tabs.TabPane key="base" title="基础配置">
          <BaseConfig />
        </Tabs.TabPane>
        <Tabs.TabPane key="face" title="人脸识别">
          <FaceConfig />
        </Tabs.TabPane>
        <Tabs.TabPane key="live" title="直播配置">
          <LiveConfig />
        </Tabs.TabPane>
        <Tabs.TabPane key="switch" title="功能开关">
          <SwitchConfig />
          <OauthKeys />
        </Tabs.TabPane>
        <Tabs.TabPane key="upload" title="存储配置">
          <UploadConfig />
        </Tabs.TabPane>
        <Tabs.TabPane key="pay" title="支付设置">
          <PayKeys />
        </Tabs.TabPane>
      </Tabs>
    </PageContainer>
  );
}
