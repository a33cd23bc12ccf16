import { Button, Form, Input, Radio, Switch, Typography } from '@arco-design/web-react';
import {
  PAY_FIELDS,
  PAY_NOTIFY_PATHS,
  PAY_PROVIDER_TITLES,
  PAY_PROVIDERS,
  type PayField,
  type PayProviderCode,
} from '@exam/contracts';
import { usePropForm } from './usePropForm';

const KEEP = '留空或不修改则保持原值';
/** A saved secret as the server answers it (prop-rules maskSecret): kept when sent back. */
const MASKED = /^(.{2}\*{6}.{2}|\*{6})$/;
const SECRET_KINDS: PayField['kind'][] = ['secret', 'private-key'];
const PEM_ROWS = { minRows: 3, maxRows: 8 };

/**
 * One setting's control. Keys are pasted as PEM, so they take a text area (an input drops the line breaks); the
 * private keys and the APIv3 key come back masked, and a mask or blank sent back keeps the stored value.
 */
function control(f: PayField) {
  if (f.kind === 'switch') return <Switch />;
  if (f.kind === 'secret')
    return <Input.Password placeholder={KEEP} visibilityToggle={false} autoComplete="new-password" />;
  if (f.kind === 'private-key' || f.kind === 'public-key')
    return (
      <Input.TextArea
        placeholder={
          f.kind === 'private-key' ? '粘贴私钥内容；已保存的私钥不显示，留空则保持原值' : '-----BEGIN PUBLIC KEY-----'
        }
        autoSize={PEM_ROWS}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    );
  return <Input placeholder={f.kind === 'address' ? '留空使用官方地址' : undefined} />;
}

/**
 * 支付设置 (issue 40): each payment provider's keys and its own switch (both may be on; the learner picks). The server
 * checks every key parses and answers the secrets masked (as the sign-in keys).
 */
export function PayKeys() {
  const { form, loading, provider, busy, switchTo, submit } = usePropForm('pay', 'wxpay');
  const type = (PAY_PROVIDERS as readonly string[]).includes(provider) ? (provider as PayProviderCode) : undefined;
  return (
    <Form
      form={form}
      disabled={loading}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 16 }}
      style={{ maxWidth: 860 }}
      data-testid="pay-keys"
    >
      <Form.Item label="支付方式" field="provider">
        <Radio.Group
          type="button"
          options={PAY_PROVIDERS.map((p) => ({ value: p, label: PAY_PROVIDER_TITLES[p] }))}
          onChange={(v: string) => switchTo(v)}
        />
      </Form.Item>
      {type &&
        PAY_FIELDS[type].map((f) => (
          <Form.Item
            key={f.key}
            label={f.label}
            field={f.key}
            extra={f.extra}
            triggerPropName={f.kind === 'switch' ? 'checked' : undefined}
            // A saved private key shows as the empty box with its placeholder (its mask, -- ****** --, said nothing);
            // the mask stays the value and keeps the key unless something is pasted.
            formatter={
              f.kind === 'private-key' ? (v: unknown) => (typeof v === 'string' && MASKED.test(v) ? '' : v) : undefined
            }
            // Secrets may stay blank (the saved one is kept); the server says when none was ever saved.
            rules={
              f.required && !SECRET_KINDS.includes(f.kind)
                ? [{ required: true, message: `请填写${f.label}！` }]
                : undefined
            }
          >
            {control(f)}
          </Form.Item>
        ))}
      {type && (
        <>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Typography.Text type="secondary">
              支付结果通知地址：{window.location.origin}
              {PAY_NOTIFY_PATHS[type]}（须可从公网通过HTTPS访问）
            </Typography.Text>
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Button type="primary" loading={busy} onClick={() => submit(false, '配置保存成功！')}>
              保存配置
            </Button>
          </Form.Item>
        </>
      )}
    </Form>
  );
}
