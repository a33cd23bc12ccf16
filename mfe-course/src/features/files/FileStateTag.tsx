import { Tag, Tooltip } from '@arco-design/web-react';
import { IconLoading } from '@arco-design/web-react/icon';
import { COURSE_FILE_STATE_TEXT, CourseFileState } from '@exam/contracts';

/** Courseware state (spec §3): 转码中 spins, 转码失败 tells why on hover and under the tag. */
export function FileStateTag({ state, stateMsg }: { state: number; stateMsg?: string }) {
  const text = COURSE_FILE_STATE_TEXT[state] ?? String(state);
  if (state === CourseFileState.TRANSCODING)
    return (
      <Tag color="arcoblue" icon={<IconLoading />}>
        {text}
      </Tag>
    );
  if (state === CourseFileState.FAILED) {
    return (
      <Tooltip content={stateMsg || '转码失败'}>
        <Tag color="red">{text}</Tag>
        {stateMsg && <div style={{ color: 'rgb(var(--red-6))', fontSize: 12, marginTop: 2 }}>{stateMsg}</div>}
      </Tooltip>
    );
  }
  return <Tag color="green">{text}</Tag>;
}
