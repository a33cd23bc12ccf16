import { useState } from 'react';
import { Button, Form, Message, Modal, Upload } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { upload } from '@exam/api';
import { CourseFileCalls, CourseFileState, type DataOf } from '@exam/contracts';
import { useAppDispatch } from '@exam/store';
import { courseApiBase } from '../../api';
import { validateForm, NamedProgress } from '@exam/ui';
import { FileNameFields } from './FileNameFields';

const ACCEPT = '.mp4,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip,.rar,.txt';

/** Uploads one courseware with a progress bar; a video then shows 转码中 in the list until it is done. */
export function FileUploadDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; catId?: string }>();
  const [file, setFile] = useState<File>();
  const [percent, setPercent] = useState<number>();
  const dispatch = useAppDispatch();

  const close = () => {
    setFile(undefined);
    setPercent(undefined);
    form.resetFields();
    onClose();
  };
  const send = async () => {
    if (!file) return void Message.error('请选择要上传的文件！');
    const v = await validateForm(form);
    setPercent(0);
    try {
      const extra = { title: v.title, ...(v.catId ? { catId: v.catId } : {}) };
      const res = await upload<DataOf<typeof CourseFileCalls.upload>>(CourseFileCalls.upload.url, file, extra, {
        onProgress: setPercent,
      });
      Message.success(res.state === CourseFileState.TRANSCODING ? '上传成功，视频正在转码！' : '上传成功！');
      dispatch(courseApiBase.util.invalidateTags(['CourseFile']));
      close();
    } catch {
      setPercent(undefined); // the client has shown the server's message
    }
  };

  const busy = percent !== undefined;
  return (
    <Modal
      title="上传课件"
      visible={visible}
      onCancel={busy ? undefined : close}
      maskClosable={!busy}
      unmountOnExit
      footer={
        <>
          <Button disabled={busy} onClick={close}>
            取消
          </Button>
          <Button type="primary" loading={busy} onClick={() => void send().catch(() => undefined)}>
            上传
          </Button>
        </>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          label="课件文件"
          required
          extra="视频仅支持 mp4（上传后自动转码）；文档支持 pdf；其他文件作为参考资料"
        >
          <Upload
            accept={ACCEPT}
            autoUpload={false}
            limit={1}
            showUploadList={false}
            disabled={busy}
            onChange={(_, item) => {
              const f = item.originFile;
              setFile(f);
              if (f && !form.getFieldValue('title')) form.setFieldValue('title', f.name.replace(/\.[^.]+$/, ''));
            }}
          >
            <Button icon={<IconUpload />} disabled={busy}>
              {file ? file.name : '选择文件'}
            </Button>
          </Upload>
        </Form.Item>
        <FileNameFields />
        {busy && <NamedProgress label="上传进度" percent={percent} status={percent === 100 ? 'success' : 'normal'} />}
      </Form>
    </Modal>
  );
}
