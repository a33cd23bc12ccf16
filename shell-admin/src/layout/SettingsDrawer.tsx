import { ColorPicker, Drawer, Form, Switch } from '@arco-design/web-react';
import type { LayoutSettings } from '../preferences/settings';

interface Props {
  visible: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (patch: Partial<LayoutSettings>) => void;
}

const PRESETS = ['#165DFF', '#1890FF', '#00B42A', '#F77234', '#F53F3F', '#722ED1', '#0FC6C2'];

/** Settings drawer (spec admin §2): theme colour, tags view, fixed header, sidebar logo. */
export function SettingsDrawer({ visible, onClose, settings, onChange }: Props) {
  return (
    <Drawer title="布局设置" visible={visible} onCancel={onClose} footer={null} width={300}>
      <Form layout="horizontal" labelCol={{ span: 14 }} wrapperCol={{ span: 10 }} labelAlign="left">
        <Form.Item label="主题颜色">
          <ColorPicker
            value={settings.themeColor}
            presetColors={PRESETS}
            showPreset
            onChange={(color) => typeof color === 'string' && onChange({ themeColor: color })}
          />
        </Form.Item>
        <Form.Item label="开启 Tags-View">
          <Switch checked={settings.tagsView} onChange={(tagsView) => onChange({ tagsView })} />
        </Form.Item>
        <Form.Item label="固定 Header">
          <Switch checked={settings.fixedHeader} onChange={(fixedHeader) => onChange({ fixedHeader })} />
        </Form.Item>
        <Form.Item label="侧边栏 Logo">
          <Switch checked={settings.sidebarLogo} onChange={(sidebarLogo) => onChange({ sidebarLogo })} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
