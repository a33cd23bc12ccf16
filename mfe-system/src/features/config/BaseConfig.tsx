import { useEffect } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { SITE_CONFIG_ID, type SiteData } from '@exam/contracts';
import { fetchSite, useAppDispatch } from '@exam/store';
import { ImageUpload, RichEditor, UploadGuardProvider, useUploadingSave, validateForm } from '@exam/ui';
import { arcoRule, checkH5Host, checkTmpDir } from '@exam/validators';
import { useConfigSaveMutation, useConfigSiteQuery } from './configApi';

const IMAGES: [field: string, label: string][] = [
  ['backLogo', '后台Logo'],
  ['frontLogo', '前台Logo'],
  ['mpCode', '小程序码'],
];

/** Site base config (spec admin §2): name, logos, QR code, h5Host, tmpDir, copyright. */
export function BaseConfig() {
  const [form] = Form.useForm<SiteData>();
  const dispatch = useAppDispatch();
  // Read afresh each time the page opens; the form takes the values when they arrive.
  const { data: site } = useConfigSiteQuery({ id: SITE_CONFIG_ID }, { refetchOnMountOrArgChange: true });
  const [saveSite] = useConfigSaveMutation();
  useEffect(() => {
    if (site) form.setFieldsValue(site);
  }, [site, form]);

  // A logo still uploading is saved with the form, or the save waits for a new pick if it failed.
  const {
    uploads,
    busy,
    run: save,
  } = useUploadingSave(async () => {
    if (!site) return; // the stored settings have not arrived: the form is not theirs yet
    const v = await validateForm(form);
    await saveSite({
      siteName: v.siteName,
      backLogo: v.backLogo ?? '',
      frontLogo: v.frontLogo ?? '',
      mpCode: v.mpCode ?? '',
      h5Host: v.h5Host,
      tmpDir: v.tmpDir,
      copyRight: v.copyRight ?? '',
    }).unwrap();
    Message.success('配置保存成功！');
    void dispatch(fetchSite()); // the shell shows the new name and logo at once
  });

  return (
    // Disabled until the stored settings arrive, which replace the fields (what was typed before would be lost).
    <Form form={form} disabled={!site} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 900 }}>
      <Form.Item
        label="站点名称"
        field="siteName"
        rules={[{ required: true, message: '站点名称不能为空！' }, { maxLength: 64 }]}
      >
        <Input placeholder="请输入站点名称" />
      </Form.Item>
      <UploadGuardProvider guard={uploads}>
        {IMAGES.map(([field, label]) => (
          <Form.Item key={field} label={label} field={field}>
            <ImageUpload compress={100} />
          </Form.Item>
        ))}
      </UploadGuardProvider>
      <Form.Item
        label="移动端地址"
        field="h5Host"
        rules={[{ validator: arcoRule(checkH5Host) }]}
        extra="URL如：https://m.example.com/ 或目录结构如：/h5/"
      >
        <Input placeholder="h5Host" />
      </Form.Item>
      <Form.Item
        label="临时目录"
        field="tmpDir"
        rules={[{ validator: arcoRule(checkTmpDir) }]}
        extra="如：/data/upload/ 或 D:/data/upload/"
      >
        <Input placeholder="tmpDir" />
      </Form.Item>
      <Form.Item label="版权信息" field="copyRight" extra="显示在学员端页面底部">
        <RichEditor height={120} placeholder="如：© 2026 某某公司 保留所有权利" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" loading={busy} onClick={() => void save()}>
          保存配置
        </Button>
      </Form.Item>
    </Form>
  );
}
