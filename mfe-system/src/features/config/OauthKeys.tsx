import { Button, Divider, Form, Input, Radio, Typography } from '@arco-design/web-react';
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_FIELDS,
  OAUTH_TITLES,
  OAUTH_TYPES,
  type OauthType,
  SECRET_FIELDS,
} from '@exam/contracts';
import { usePropForm } from './usePropForm';

/**
 * Keys of the third-party sign-in providers (next to their switches): secrets come back masked and a masked
 * value sent back keeps the stored one. The API address is for a test stand-in only (the server refuses it otherwise).
 */
export function OauthKeys() {
  const { form, loading, provider, busy, switchTo, submit } = usePropForm('oauth', 'wechat');
  const type = (OAUTH_TYPES as readonly string[]).includes(provider) ? (provider as OauthType) : undefined;
  return (
    <Form
      form={form}
      disabled={loading}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 16 }}
      style={{ maxWidth: 800 }}
      data-testid="oauth-keys"
    >
      <Divider orientation="left">第三方登录密钥</Divider>
      <Form.Item label="登录方式" field="provider">
        <Radio.Group
          type="button"
          options={OAUTH_TYPES.map((t) => ({ value: t, label: OAUTH_TITLES[t] }))}
          onChange={(v: string) => switchTo(v)}
        />
      </Form.Item>
      {type &&
        OAUTH_FIELDS[type].map((f) => (
          <Form.Item
            key={f.key}
            label={f.label}
            field={f.key}
            rules={f.required ? [{ required: true, message: `${f.label}不能为空！` }] : undefined}
          >
            {SECRET_FIELDS.includes(f.key) ? (
              <Input.Password
                placeholder="留空或不修改则保持原值"
                visibilityToggle={false}
                autoComplete="new-password"
              />
            ) : (
              <Input />
            )}
          </Form.Item>
        ))}
      {type && (
        <>
          <Form.Item label="接口地址" field="apiBase" extra="留空使用官方地址（仅测试环境可填写本地模拟服务地址）">
            <Input placeholder="留空使用官方地址" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Typography.Text type="secondary">
              回调地址：{window.location.origin}
              {OAUTH_CALLBACK_PATH}/{type}（请在{OAUTH_TITLES[type]}开放平台登记本站域名）
            </Typography.Text>
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Button type="primary" loading={busy} onClick={() => submit(false, '配置保存成功！')}>
              保存密钥
            </Button>
          </Form.Item>
        </>
      )}
    </Form>
  );
}
