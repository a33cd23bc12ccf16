import { Alert, Button, Form, Input, Radio, Space } from '@arco-design/web-react';
import { confirmAction } from '@exam/ui';
import { UploadFields } from './UploadFields';
import { usePropForm } from './usePropForm';

const PROVIDERS = [
  { value: 'local', label: '本地存储' },
  { value: 'aliyun', label: '阿里云OSS' },
  { value: 'qcloud', label: '腾讯云COS' },
  { value: 'qiniu', label: '七牛云' },
  { value: 'minio', label: 'S3兼容(MinIO)' },
];

/** Storage config (spec admin §2): pick a provider, edit its settings, save, or put it in use. */
export function UploadConfig() {
  const { form, loading, provider, inUse, busy, switchTo, submit } = usePropForm('upload');
  const use = async () => {
    const ok = await confirmAction({
      content: '切换存储服务商后，已上传的文件不会自动迁移到新的存储中，确定要使用此服务商吗？',
    });
    if (ok) submit(true, '服务商切换成功！');
  };
  return (
    <Form form={form} disabled={loading} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 900 }}>
      <Form.Item label="服务商" field="provider" rules={[{ required: true, message: '服务商必须选择' }]}>
        <Radio.Group type="button" options={PROVIDERS} onChange={(p: string) => switchTo(p)} />
      </Form.Item>
      {provider && provider !== inUse && (
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Alert
            type="warning"
            content={`当前使用的是「${PROVIDERS.find((p) => p.value === inUse)?.label ?? inUse}」；切换服务商不会迁移已上传的文件。`}
          />
        </Form.Item>
      )}
      {provider && <UploadFields provider={provider} />}
      <Form.Item label="备注" field="remark">
        <Input />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" loading={busy} onClick={() => submit(false, '上传配置保存成功！')}>
            保存配置
          </Button>
          <Button status="warning" disabled={!provider || provider === inUse} loading={busy} onClick={() => void use()}>
            使用此服务商
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
