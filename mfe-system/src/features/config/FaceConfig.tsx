import { Alert, Button, Form, Input, Radio, Space, Switch } from '@arco-design/web-react';
import { DictSelect } from '@exam/ui';
import { usePropForm } from './usePropForm';

const PROVIDERS = [{ value: 'qcloud', label: '腾讯云' }, { value: 'baidu', label: '百度智能云' }, { value: 'aliyun', label: '阿里云' }];
/** Fields per provider (spec admin §3 "Face config"); the form has no validation rules. */
const FIELDS: Record<string, [field: string, label: string][]> = {
  baidu: [['appId', 'AppId'], ['appKey', 'AppKey'], ['secretKey', 'SecretKey'], ['faceGroup', '人脸库分组']],
  qcloud: [['secretId', 'SecretId'], ['secretKey', 'SecretKey'], ['groupId', '人员库ID']],
  aliyun: [['accessKeyId', 'AccessKeyId'], ['accessKeySecret', 'AccessKeySecret'], ['dbName', '人脸库名称']],
};

/** Face-recognition provider (spec admin §2): per-provider fields, use this scheme, save. */
export function FaceConfig() {
  const { form, provider, inUse, busy, switchTo, submit } = usePropForm('face');
  return (
    <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 900 }}>
      <Form.Item label="服务商" field="provider">
        <Radio.Group type="button" options={PROVIDERS} onChange={(p: string) => switchTo(p)} />
      </Form.Item>
      {provider === 'qcloud' && (
        <Form.Item label="服务节点" field="region">
          <DictSelect dicCode="qcloud_face_endpoints" placeholder="请选择服务节点" />
        </Form.Item>
      )}
      {(FIELDS[provider] ?? []).map(([field, label]) => (
        <Form.Item key={field} label={label} field={field}>
          <Input />
        </Form.Item>
      ))}
      {provider && (
        <Form.Item label="活体检测" field="liveCheck" triggerPropName="checked" extra="开启活体检测会产生额外的费用">
          <Switch />
        </Form.Item>
      )}
      {provider && provider !== 'aliyun' && (
        <Form.Item label="备注" field="remark">
          <Input />
        </Form.Item>
      )}
      {provider && inUse && provider !== inUse && (
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Alert type="info" content="当前查看的方案未启用，点击「使用当前方案」后生效。" />
        </Form.Item>
      )}
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" disabled={!provider} loading={busy} onClick={() => submit(true, '服务商切换成功！')}>
            使用当前方案
          </Button>
          <Button disabled={!provider} loading={busy} onClick={() => submit(false, '人脸识别方案保存成功！')}>
            保存配置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
