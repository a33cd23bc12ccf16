import { useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { SmsCodeButton, validateForm } from '@exam/ui';
import { arcoRule, checkMobile, checkSmsCode } from '@exam/validators';
import { useUcBindMobileMutation, useUcUnbindMobileMutation } from './ucApi';

type Props = {
  /** 'bind' asks for any number; 'unbind' confirms the bound one with a code. */
  mode: 'bind' | 'unbind';
  mobile?: string;
  visible: boolean;
  onClose: (changed: boolean) => void;
};

/** 绑定手机 dialog: mobile, then the SMS code (60 s countdown; the mobile is checked before the captcha). */
export function BindMobileDialog({ mode, mobile, visible, onClose }: Props) {
  const [form] = Form.useForm<{ mobile: string; smsCode: string }>();
  const [saving, setSaving] = useState(false);
  const [bind] = useUcBindMobileMutation();
  const [unbind] = useUcUnbindMobileMutation();

  const submit = async () => {
    const values = await validateForm(form).catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await (mode === 'bind' ? bind : unbind)(values).unwrap();
      Message.success(mode === 'bind' ? '手机号绑定成功！' : '手机号解绑成功！');
      onClose(true);
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={mode === 'bind' ? '绑定手机' : '解绑手机'}
      visible={visible}
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form form={form} layout="vertical" initialValues={{ mobile: mode === 'unbind' ? mobile : '' }}>
        <Form.Item label="手机号" field="mobile" rules={[{ validator: arcoRule(checkMobile) }]}>
          <Input placeholder="请输入手机号" maxLength={11} disabled={mode === 'unbind'} />
        </Form.Item>
        <Form.Item label="短信验证码" field="smsCode" rules={[{ validator: arcoRule(checkSmsCode) }]}>
          <Input
            placeholder="请输入短信验证码"
            maxLength={6}
            addAfter={<SmsCodeButton smsType={mode} getMobile={async () => (await form.validate(['mobile'])).mobile} />}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
