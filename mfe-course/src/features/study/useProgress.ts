import { useRef } from 'react';
import { Message } from '@arco-design/web-react';
import type { FileProcess, ReadMessage, SaveProcessReq } from '@exam/contracts';
import { readAction, STOP_BREAK_MS } from './readMessages';
import { useAppDispatch } from '@exam/store';
import { studyApi, useHeartbeatMutation, useSaveProcessMutation } from './studyApi';

type Report = Omit<SaveProcessReq, 'courseId' | 'fileId'>;

/**
 * Progress of the file on screen: saves (pause, end, leave, page change) and heartbeats (every ~10 s) go to
 * the server, which decides what counts; its replies and the reading channel both congratulate, once.
 */
export function useProgress(courseId: string, fileId: string, onBreak: () => void) {
  const [save] = useSaveProcessMutation();
  const [beat] = useHeartbeatMutation();
  const key = `${courseId}/${fileId}`;
  const shown = useRef<string | null>(null);
  const breaking = useRef(false);

  const onRead = (msg: Partial<ReadMessage>) => {
    const action = readAction(msg, key, shown.current);
    if (action.kind === 'finish') {
      shown.current = action.key;
      Message.success(action.msg);
    } else if (action.kind === 'stopped' && !breaking.current) {
      breaking.current = true;
      Message.error(action.msg);
      setTimeout(onBreak, STOP_BREAK_MS);
    }
  };
  const dispatch = useAppDispatch();
  // Every reply (a heartbeat's too) carries what the server now counts: the file list shows it at once, not
  // only after the next save or a reload (a video sat at 0 % and then jumped to 100 %).
  const onReply = (p: FileProcess) => {
    dispatch(
      studyApi.util.updateQueryData('studyCourse', { id: courseId }, (course) => {
        const f = course.fileList.find((x) => x.fileId === p.fileId);
        if (f) Object.assign(f, { percent: p.percent, finished: p.finished });
      }),
    );
    onRead({ all: p.courseFinishedNow, current: p.fileFinishedNow });
  };

  const report = (body: Report, heartbeat: boolean) => {
    const call = heartbeat ? beat : save;
    call({ courseId, fileId, ...body })
      .unwrap()
      .then(onReply, () => undefined); // errors: shown by the api layer (saves)
  };
  return { report, onRead };
}
