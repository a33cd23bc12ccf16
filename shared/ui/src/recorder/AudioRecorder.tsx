import { useEffect, useMemo, useState } from 'react';
import { Button, Message, Space, Tag } from '@arco-design/web-react';
import type { UploadRes } from '@exam/contracts';
import type { UploadedFile } from '../upload/Upload';
import { uploadFile } from '../upload/uploadFile';
import { RecState, RECORD_UPLOADED_MSG } from './recorderState';
import { useRecorder } from './useRecorder';

export interface AudioRecorderProps {
  /** The uploaded recording (a .wav the server checked by content). */
  onUploaded: (file: UploadedFile) => void;
}

const STATE_TEXT = ['准备录音', '录音中', '已录音'];

/** 录音: record, then play, clear or upload (spec admin §4, §8, §9). */
export function AudioRecorder({ onUploaded }: AudioRecorderProps) {
  const rec = useRecorder((msg) => Message.error(msg));
  const [busy, setBusy] = useState(false);
  const src = useMemo(() => (rec.wav ? URL.createObjectURL(rec.wav) : ''), [rec.wav]);
  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );
  const upload = async () => {
    if (!rec.wav) return;
    setBusy(true);
    try {
      const name = `录音-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.wav`;
      const res: UploadRes = await uploadFile(new File([rec.wav], name, { type: 'audio/wav' }));
      Message.success(RECORD_UPLOADED_MSG);
      onUploaded({ name: res.name, url: res.url });
      rec.uploaded();
    } catch {
      // the request layer already showed why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="audio-recorder" data-state={rec.state}>
      <Space wrap>
        <Tag color={rec.state === RecState.RECORDING ? 'red' : rec.state === RecState.RECORDED ? 'green' : 'gray'}>
          {STATE_TEXT[rec.state]}
          {rec.state !== RecState.READY ? ` ${rec.seconds}秒` : ''}
        </Tag>
        {rec.state === RecState.READY && (
          <Button type="primary" onClick={() => void rec.start()}>
            开始录音
          </Button>
        )}
        {rec.state === RecState.RECORDING && (
          <Button status="danger" onClick={rec.stop}>
            停止录音
          </Button>
        )}
        {rec.state === RecState.RECORDED && (
          <>
            <Button onClick={rec.clear} disabled={busy}>
              清除
            </Button>
            <Button type="primary" loading={busy} onClick={() => void upload()}>
              上传录音
            </Button>
          </>
        )}
      </Space>
      {src && (
        <audio aria-label="录音回放" src={src} controls style={{ display: 'block', marginTop: 8, maxWidth: '100%' }} />
      )}
    </div>
  );
}
