import { Alert, Button, Form, Input, Select } from '@arco-design/web-react';
import { usePropForm } from './usePropForm';

const req = (message: string) => [{ required: true, message }];
const FIELDS: [field: string, label: string, message: string][] = [
  ['pushDomain', '推流域名', '推流域名不能为空！'],
  ['pushKey', '推流秘钥', '推流秘钥不能为空！'],
  ['pullDomain', '播流域名', '播流域名不能为空！'],
  ['pullKey', '播流秘钥', '播流秘钥不能为空！'],
];

/** Live streaming (spec admin §2): one cloud provider, four required fields; saving puts it in use. */
export function LiveConfig() {
  const { form, loading, busy, submit } = usePropForm('live');
  return (
    <Form form={form} disabled={loading} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 900 }}>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Alert
          type="error"
          content={
            <span>
              直播配置步骤较多，需先在云服务商开通视频直播并配置推流、播流域名及鉴权秘钥，请参考
              <a href="https://help.aliyun.com/zh/live/" target="_blank" rel="noreferrer">
                阿里云视频直播文档
              </a>
              完成配置。
            </span>
          }
        />
      </Form.Item>
      <Form.Item label="服务提供商" field="provider" rules={req('服务提供商不能为空！')}>
        <Select placeholder="请选择服务提供商" options={[{ value: 'aliyun', label: '阿里云' }]} />
      </Form.Item>
      {FIELDS.map(([field, label, message]) => (
        <Form.Item key={field} label={label} field={field} rules={req(message)}>
          <Input />
        </Form.Item>
      ))}
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" loading={busy} onClick={() => submit(false, '直播配置保存成功！')}>
          保存配置
        </Button>
      </Form.Item>
    </Form>
  );
}
