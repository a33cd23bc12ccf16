import { useEffect } from 'react';
import { Button, Descriptions, Form, Input, Link, Message } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import type { ProfileReq } from '@exam/contracts';
import { fetchInfo, useAppDispatch } from '@exam/store';
import { ImageUpload, UploadGuardProvider, useUploadingSave } from '@exam/ui';
import { arcoRule, checkRealName } from '@exam/validators';
import { UcFrame } from './UcFrame';
import { useUcProfileQuery, useUcUpdateMutation } from './ucApi';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const checkEmail = (v?: string | null) => (v && !EMAIL_RE.test(v) ? '邮箱格式不正确!' : undefined);

/** 个人资料: avatar, name and email; account, department and mobile are shown, changed elsewhere. */
export default function UcInfo() {
  const [form] = Form.useForm<ProfileReq>();
  const { data: profile } = useUcProfileQuery({}, { refetchOnMountOrArgChange: true });
  const [update] = useUcUpdateMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // The form takes the profile when it arrives (each time the page opens).
  useEffect(() => {
    if (profile) form.setFieldsValue({ realName: profile.realName, email: profile.email, avatar: profile.avatar });
  }, [profile, form]);

  // An avatar still uploading is saved with the profile (read after it ends), or nothing if it failed.
  const {
    uploads,
    busy: saving,
    run: save,
  } = useUploadingSave(async () => {
    if (!profile) return;
    const values = form.getFieldsValue() as ProfileReq;
    await update({ ...values, email: values.email ?? '', avatar: values.avatar ?? '' }).unwrap();
    Message.success('资料修改成功！');
    dispatch(fetchInfo());
  });

  return (
    <UcFrame title="个人资料">
      {profile && (
        <Descriptions
          column={1}
          style={{ marginBottom: 16 }}
          labelStyle={{ width: 90 }}
          data={[
            {
              label: '账号',
              value: (
                <>
                  {profile.userName}
                  <Link style={{ marginLeft: 12 }} onClick={() => navigate('/pages/uc/init')}>
                    修改账号
                  </Link>
                </>
              ),
            },
            { label: '部门', value: profile.deptCode_dictText || '-' },
            { label: '手机号', value: profile.mobile || '未绑定' },
            { label: '注册时间', value: profile.createTime },
          ]}
        />
      )}
      {/* Disabled until the profile arrives and fills it (what was typed before would be replaced). */}
      <Form
        form={form}
        disabled={!profile}
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 12 }}
        onSubmit={() => void save()}
        style={{ maxWidth: 720 }}
      >
        <UploadGuardProvider guard={uploads}>
          <Form.Item label="头像" field="avatar">
            <ImageUpload compress={3000} />
          </Form.Item>
        </UploadGuardProvider>
        <Form.Item label="姓名" field="realName" rules={[{ validator: arcoRule(checkRealName) }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="邮箱" field="email" rules={[{ validator: arcoRule(checkEmail) }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 3 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存资料
          </Button>
        </Form.Item>
      </Form>
    </UcFrame>
  );
}
