import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Message, Result } from '@arco-design/web-react';
import type { RealInfo, RealSubmitReq } from '@exam/contracts';
import { fetchInfo, selectSite, skipToken, useAppDispatch, useAppSelector } from '@exam/store';
import { ImageUpload, UploadGuardProvider, useIsMobile, useUploadingSave } from '@exam/ui';
import { arcoRule, checkIdCard, checkRealName, required } from '@exam/validators';
import { CameraShot } from './CameraShot';
import { UcFrame } from './UcFrame';
import { useUcRealInfoQuery, useUcRealSubmitMutation } from './ucApi';

const STATE = { 0: '待审核', 1: '已认证', 2: '未通过' } as Record<number, string>;
const checkId = (v?: string | null) => required('身份证号码不能为空！')(v) ?? checkIdCard(v);

/**
 * 实名认证 (site property realPerson): name, ID card and a face photo; the review follows the switch faceAudit
 * (auto: a live photo from the camera is compared with the uploaded one on the server). The approved photo
 * becomes the learner's enrolled face.
 */
export default function UcReal() {
  const realPerson = useAppSelector(selectSite)?.props.realPerson ?? false;
  const { data: loaded } = useUcRealInfoQuery(realPerson ? {} : skipToken, { refetchOnMountOrArgChange: true });
  // The reply to a submission is the new state, shown without reading it again.
  const [submitted, setSubmitted] = useState<RealInfo>();
  const info = submitted ?? loaded;
  const [submitReal] = useUcRealSubmitMutation();
  const dispatch = useAppDispatch();
  // On a phone the labels go above the fields: beside them they would leave the fields no room.
  const mobile = useIsMobile();
  const cols = mobile
    ? ({ layout: 'vertical', labelCol: { span: 24 }, wrapperCol: { span: 24 } } as const)
    : { labelCol: { span: 4 }, wrapperCol: { span: 12 } };

  const [form] = Form.useForm<RealSubmitReq>();
  // A photo still uploading goes with the submission (read once it ends); a failed one stops it.
  const {
    uploads,
    busy: saving,
    run: submit,
  } = useUploadingSave(async () => {
    const values = form.getFieldsValue() as RealSubmitReq;
    const next = await submitReal(values).unwrap();
    setSubmitted(next);
    Message.success(
      next.state === 1 ? '实名认证成功！' : next.state === 0 ? '提交成功，请等待审核！' : '实名认证未通过！',
    );
    if (next.state === 1) dispatch(fetchInfo());
  });

  if (!realPerson)
    return (
      <UcFrame title="实名认证">
        <Result status="warning" title="系统未开启实名认证！" />
      </UcFrame>
    );
  const canSubmit = info && (info.state === -1 || info.state === 2);
  const auto = info?.faceAudit === 'auto';
  return (
    <UcFrame title="实名认证">
      {info && info.state !== -1 && (
        <Descriptions
          column={1}
          style={{ marginBottom: 16 }}
          labelStyle={{ width: 90 }}
          data={[
            { label: '认证状态', value: STATE[info.state] },
            { label: '姓名', value: info.realName },
            { label: '身份证号', value: info.idCard },
            ...(info.auditMsg ? [{ label: '审核意见', value: info.auditMsg }] : []),
          ]}
        />
      )}
      {canSubmit && (
        <Form form={form} {...cols} onSubmit={() => void submit()} style={{ maxWidth: 720 }}>
          {info.state === 2 && (
            <Alert type="warning" content="认证未通过，请核对后重新提交。" style={{ marginBottom: 16 }} />
          )}
          <Form.Item label="真实姓名" field="realName" rules={[{ validator: arcoRule(checkRealName) }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item label="身份证号" field="idCard" rules={[{ validator: arcoRule(checkId) }]}>
            <Input maxLength={18} />
          </Form.Item>
          <UploadGuardProvider guard={uploads}>
            <Form.Item
              label="本人照片"
              field="photo"
              extra="正面免冠照片，仅本人一张人脸，审核通过后用于人脸识别"
              rules={auto ? [{ required: true, message: '请上传本人照片！' }] : []}
            >
              <ImageUpload compress={3000} />
            </Form.Item>
          </UploadGuardProvider>
          {auto && (
            <Form.Item label="人脸采集" field="capture" rules={[{ required: true, message: '请完成人脸采集！' }]}>
              <CameraShot />
            </Form.Item>
          )}
          <Form.Item wrapperCol={mobile ? { span: 24 } : { offset: 4, span: 12 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              提交认证
            </Button>
          </Form.Item>
        </Form>
      )}
    </UcFrame>
  );
}
