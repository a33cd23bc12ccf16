import { Alert, Button, Form, Input, InputNumber, Radio, Space, Switch } from '@arco-design/web-react';
import { FACE_DEFAULTS, type FaceProvider } from '@exam/contracts';
import { DictSelect } from '@exam/ui';
import { usePropForm } from './usePropForm';

const PROVIDERS = [
  { value: 'local', label: '本地识别' },
  { value: 'qcloud', label: '腾讯云' },
  { value: 'baidu', label: '百度智能云' },
  { value: 'aliyun', label: '阿里云' },
];
/** Fields per provider (spec admin §3 "Face config"); the form has no validation rules. */
const FIELDS: Record<string, [field: string, label: string][]> = {
  baidu: [
    ['appId', 'AppId'],
    ['appKey', 'AppKey'],
    ['secretKey', 'SecretKey'],
    ['faceGroup', '人脸库分组'],
  ],
  qcloud: [
    ['secretId', 'SecretId'],
    ['secretKey', 'SecretKey'],
    ['groupId', '人员库ID'],
  ],
  aliyun: [
    ['accessKeyId', 'AccessKeyId'],
    ['accessKeySecret', 'AccessKeySecret'],
    ['dbName', '人脸库名称'],
  ],
};

/** Face-recognition provider (spec admin §2): per-provider fields, use this scheme, save. */
export function FaceConfig() {
  const { form, loading, provider, inUse, busy, switchTo, submit } = usePropForm('face');
  return (
    <Form form={form} disabled={loading} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 900 }}>
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
      {provider && <Thresholds provider={provider as FaceProvider} />}
      {provider && provider !== 'local' && (
        <Form.Item label="活体检测" field="liveCheck" triggerPropName="checked" extra="开启活体检测会产生额外的费用">
          <Switch />
        </Form.Item>
      )}
      {provider && (
        <Form.Item
          label="抓拍保存天数"
          field="retainDays"
          extra="考试和学习中的人脸抓拍图片保存的天数，过期自动删除（比对结果保留）；0 表示永久保存，默认 90 天"
        >
          <InputNumber min={0} max={3650} precision={0} placeholder="90" style={{ width: 160 }} />
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

/** Model and thresholds on the provider's own scale (local 0..1, clouds 0..100); empty keeps the default shown. */
function Thresholds({ provider }: { provider: FaceProvider }) {
  const d = FACE_DEFAULTS[provider];
  if (!d) return null;
  const step = d.max === 1 ? 0.01 : 1;
  return (
    <>
      <Form.Item
        label="比对阈值"
        field="threshold"
        extra={`相似度不低于该值视为本人（0~${d.max}），默认 ${d.threshold}`}
      >
        <InputNumber min={0} max={d.max} step={step} placeholder={String(d.threshold)} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="人工复核阈值"
        field="reviewBelow"
        extra={`相似度介于该值与比对阈值之间时，实名认证转人工审核，默认 ${d.reviewBelow}`}
      >
        <InputNumber min={0} max={d.max} step={step} placeholder={String(d.reviewBelow)} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="模型版本" field="model" extra={`默认 ${d.model}`}>
        <Input placeholder={d.model} style={{ width: 240 }} />
      </Form.Item>
    </>
  );
}
