import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space } from '@arco-design/web-react';
import { cameraErrorText, frameJpeg, openCamera, stopStream } from '@exam/ui';

/**
 * A live photo taken with the learner's camera (real-name auto review): the value is the frame as a JPEG
 * data URL, compared on the server with the uploaded photo. The camera is released once the frame is taken.
 */
export function CameraShot({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | undefined>(undefined);
  const [error, setError] = useState('');
  const [live, setLive] = useState(false);

  const start = () => {
    setError('');
    openCamera().then(
      (s) => {
        stream.current = s;
        setLive(true);
        if (video.current) video.current.srcObject = s;
      },
      (e) => setError(cameraErrorText(e)),
    );
  };
  const stop = () => {
    stopStream(stream.current);
    stream.current = undefined;
    setLive(false);
  };
  useEffect(() => stop, []);
  useEffect(() => {
    if (live && video.current && stream.current) video.current.srcObject = stream.current;
  }, [live]);

  const take = () => {
    if (!video.current?.videoWidth) return;
    onChange?.(frameJpeg(video.current));
    stop();
  };

  return (
    <Space direction="vertical">
      {error && <Alert type="error" content={error} />}
      {live && <video ref={video} autoPlay muted playsInline style={{ width: 320, background: '#000' }} />}
      {!live && value && <img src={value} alt="人脸采集" style={{ width: 320 }} />}
      {live ? (
        <Button type="primary" onClick={take}>
          拍照
        </Button>
      ) : (
        <Button onClick={start}>{value ? '重新拍摄' : '打开摄像头'}</Button>
      )}
    </Space>
  );
}
