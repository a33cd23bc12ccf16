import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from '@arco-design/web-react';
import { cameraErrorText, openCamera, stopStream } from '@exam/ui';
import { VideoPreview } from '../screen/VideoPreview';

interface Props {
  visible: boolean;
  onClose: () => void;
  /** The check page's 开始考试 (the same action as its own button). */
  onStart: () => void;
  starting: boolean;
  canStart: boolean;
}

const HINTS = [
  '摄像头只能在 https 安全连接下使用（本机 localhost 除外），请通过 https 地址访问考试系统；',
  '推荐使用最新版 Chrome 或 Firefox 浏览器；',
  '浏览器询问是否允许使用摄像头/麦克风时，请点击“允许”。',
];

/** 设备调试 (spec learner §2): a live camera test with the hints, before an exam that captures the camera. */
export function DeviceCheckDialog({ visible, onClose, onStart, starting, canStart }: Props) {
  const [stream, setStream] = useState<MediaStream>();
  const [error, setError] = useState('');
  useEffect(() => {
    if (!visible) return;
    let live: MediaStream | undefined;
    let closed = false;
    setError('');
    openCamera().then(
      (s) => {
        if (closed) return stopStream(s);
        live = s;
        setStream(s);
      },
      (e) => {
        if (!closed) setError(cameraErrorText(e));
      },
    );
    // The camera is released when the dialog closes; the exam screen opens it again.
    return () => {
      closed = true;
      stopStream(live);
      setStream(undefined);
    };
  }, [visible]);
  const label = stream?.getVideoTracks()[0]?.label;
  return (
    <Modal
      title="设备调试"
      visible={visible}
      onCancel={onClose}
      style={{ width: 560 }}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={starting} disabled={!canStart} onClick={onStart}>
            开始考试
          </Button>
        </Space>
      }
    >
      <VideoPreview stream={stream} testId="device-camera" style={{ width: '100%', height: 300, borderRadius: 4 }} />
      <div style={{ margin: '8px 0' }} data-testid="device-status">
        {error ? (
          <Typography.Text type="error">{error}</Typography.Text>
        ) : stream ? (
          <Typography.Text type="success">摄像头正常{label ? `：${label}` : ''}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">正在打开摄像头…</Typography.Text>
        )}
      </div>
      <Alert
        type="warning"
        title="温馨提示"
        content={
          <ol style={{ margin: 0, paddingLeft: 18 }}>
            {HINTS.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ol>
        }
      />
    </Modal>
  );
}
