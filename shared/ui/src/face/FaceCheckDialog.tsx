import { Alert, Message, Modal } from '@arco-design/web-react';
import { FaceMsgs } from '@exam/contracts';
import { type FaceCheckOptions, useFaceCheck } from './useFaceCheck';

export type FaceCheckDialogProps = Omit<FaceCheckOptions, 'open'> & {
  visible: boolean;
  /** Closed by the learner before a pass (spec: 窗口已关闭，若要重新识别请刷新页面！). */
  onClose: () => void;
};

const ALERT = {
  loading: 'info',
  tracking: 'info',
  comparing: 'info',
  pass: 'success',
  fail: 'warning',
  break: 'error',
} as const;

/**
 * 人脸认证 (spec admin §2, learner §4): the camera picture, the state of the check and the server's
 * verdict. Used before a face-check exam and by the study screen every faceInterval minutes.
 */
export function FaceCheckDialog({ visible, onClose, ...o }: FaceCheckDialogProps) {
  const { video, phase, text } = useFaceCheck({ ...o, open: visible });
  const close = () => {
    if (phase !== 'pass') Message.warning(FaceMsgs.closed);
    onClose();
  };
  return (
    <Modal
      title="人脸认证"
      visible={visible}
      footer={null}
      onCancel={close}
      maskClosable={false}
      unmountOnExit
      style={{ width: 480 }}
    >
      <div
        style={{
          position: 'relative',
          background: '#1d2129',
          borderRadius: 4,
          overflow: 'hidden',
          aspectRatio: '4 / 3',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          data-testid="face-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
        <div
          style={{
            position: 'absolute',
            left: '25%',
            top: '12%',
            width: '50%',
            height: '76%',
            borderRadius: '50%',
            border: `3px dashed ${phase === 'pass' ? '#00b42a' : phase === 'fail' || phase === 'break' ? '#f53f3f' : '#fff'}`,
          }}
        />
      </div>
      <Alert
        style={{ marginTop: 12 }}
        type={ALERT[phase]}
        content={text || ' '}
        data-testid="face-state"
        data-phase={phase}
      />
    </Modal>
  );
}
