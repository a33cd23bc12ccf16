import { useState } from 'react';
import { Modal, Radio } from '@arco-design/web-react';
import type { FileKind } from '@exam/contracts';
import { AudioRecorder } from '../recorder/AudioRecorder';
import { Upload, type UploadedFile } from '../upload/Upload';

export interface Attachment extends UploadedFile {
  kind: FileKind;
}

interface Props {
  visible: boolean;
  onCancel: () => void;
  onOk: (files: Attachment[]) => void;
}

/** 录音 is not a file type of its own: an uploaded recording is a .wav inserted as audio. */
type Kind = FileKind | 'recording';

const KINDS: { value: Kind; label: string; tip: string }[] = [
  { value: 'image', label: '图片', tip: '支持png、jpeg、gif、jpg' },
  { value: 'video', label: '视频', tip: '仅支持mp4' },
  { value: 'audio', label: '音频', tip: '支持mp3、wav、ogg' },
  { value: 'recording', label: '录音', tip: '16位、48000Hz、单声道WAV' },
  { value: 'file', label: '文件', tip: '支持rar、zip、psd、pdf及office文档' },
];

/** 插入附件: pick a kind, upload up to 100 files of it, insert them all at the cursor. */
export function AttachmentDialog({ visible, onCancel, onOk }: Props) {
  const [kind, setKind] = useState<Kind>('image');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const close = () => {
    setFiles([]);
    onCancel();
  };
  return (
    <Modal
      title="插入附件"
      visible={visible}
      onCancel={close}
      okButtonProps={{ disabled: files.length === 0 }}
      onOk={() => {
        onOk(files.map((f) => ({ ...f, kind: kind === 'recording' ? 'audio' : kind })));
        setFiles([]);
      }}
      unmountOnExit
    >
      <Radio.Group
        type="button"
        value={kind}
        options={KINDS.map(({ value, label }) => ({ value, label }))}
        onChange={(k: Kind) => {
          setKind(k);
          setFiles([]);
        }}
        style={{ marginBottom: 16 }}
      />
      {kind === 'recording' ? (
        <>
          <AudioRecorder onUploaded={(f) => setFiles((fs) => [...fs, f])} />
          {files.length > 0 && <div style={{ marginTop: 8 }}>已上传录音 {files.length} 个，确定后插入</div>}
        </>
      ) : (
        <Upload
          key={kind}
          kinds={[kind]}
          limit={100}
          value={files}
          onChange={setFiles}
          tip={KINDS.find((k) => k.value === kind)?.tip}
          compressOverKb={kind === 'image' ? 500 : undefined}
        />
      )}
    </Modal>
  );
}
