import { useState } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { AudioRecorder } from '../recorder/AudioRecorder';
import { withRecording } from '../recorder/answerRecordings';
import { RecordingPlayers } from '../recorder/RecordingPlayers';

interface Props {
  value: string;
  onChange: (text: string) => void;
  locked: boolean;
  /** Offers the recorder: an uploaded recording is added to the written answer as a line `[录音] <address>`. */
  answerAid?: boolean;
}

/** The written answer of a short-answer question, with the recorder as an aid where the screen allows it. */
export function ShortAnswerInput({ value, onChange, locked, answerAid }: Props) {
  const [recording, setRecording] = useState(false);
  return (
    <>
      <Input.TextArea
        aria-label="作答内容"
        placeholder="请输入答案"
        autoSize={{ minRows: 3 }}
        value={value}
        disabled={locked}
        onChange={onChange}
      />
      <RecordingPlayers text={value} />
      {answerAid && !locked && (
        <div style={{ marginTop: 8 }}>
          {recording ? (
            <AudioRecorder onUploaded={(f) => onChange(withRecording(value, f.url))} />
          ) : (
            <Button size="small" onClick={() => setRecording(true)}>
              录音作答
            </Button>
          )}
        </div>
      )}
    </>
  );
}
