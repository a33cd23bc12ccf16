import { useState } from 'react';
import { Button, Empty, Spin, Typography } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import { CourseFaceCalls, CourseFileType, STUDY_FILE_TYPES, STUDY_RULES, type CourseDetail } from '@exam/contracts';
import { selectUser, skipToken, useAppSelector } from '@exam/store';
import { FaceCheckDialog, PdfReader, StudyCheckDialog, useStudyCheck, VideoPlayer } from '@exam/ui';
import { useFaceSchedule } from './useFaceSchedule';
import { useProgress } from './useProgress';
import { useReadChannel } from './useReadChannel';
import { useLoadProcessQuery, useStudyFileQuery } from './studyApi';

/** One course file being studied: its player, progress reports, the study and face checks and the reading channel. */
export function StudyFile({ course, fileId }: { course: CourseDetail; fileId: string }) {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const goBreak = () => navigate('/pages/course?break');
  const { data: file, isFetching, error } = useStudyFileQuery({ id: fileId, courseId: course.id });
  // Only the file of this address counts: while the next one loads, the query still holds the previous file, and
  // a video's type then asked the server for an attachment's progress (400 该课件无需记录学习进度！) and opened the
  // reading channel for it.
  const studied = !!file && file.id === fileId && STUDY_FILE_TYPES.includes(file.fileType);
  // The resume point is read fresh each time: it also starts the server's clock for the next report.
  const { data: process } = useLoadProcessQuery(studied ? { courseId: course.id, fileId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const progress = useProgress(course.id, fileId, goBreak);
  const { onRead } = progress;
  useReadChannel(user?.id, course.id, studied ? fileId : undefined, onRead);
  const [playing, setPlaying] = useState(false);
  const isPdf = file?.fileType === CourseFileType.PDF;
  const face = useFaceSchedule(course.faceOn && studied, course.faceInterval);
  const report: typeof progress.report = (body, heartbeat) =>
    face.checking ? undefined : progress.report(body, heartbeat);
  const check = useStudyCheck({
    enabled: course.checkOn && studied,
    checkSec: course.checkSec,
    studying: playing || isPdf,
    onBreak: goBreak,
  });

  if (error) return <Empty description="课件无法打开" />;
  if (!file || file.id !== fileId || isFetching || (studied && !process))
    return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <div>
      <Typography.Title heading={6} style={{ marginTop: 0 }}>
        {file.title}
      </Typography.Title>
      {file.fileType === CourseFileType.VIDEO && process && (
        <VideoPlayer
          key={fileId}
          url={file.viewUrl}
          startTime={process.learnSec}
          furthest={process.furthest}
          dragLock={course.videoDrag}
          onPlayingChange={setPlaying}
          onWatched={(intervals, position, reason) =>
            report({ learnSec: Math.floor(position), intervals }, reason === 'tick')
          }
        />
      )}
      {isPdf && process && (
        <>
          {/* The server counts a page once it has been on screen long enough: the learner is told the rule. */}
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            每页停留满 {STUDY_RULES.pdfMinDwellSec} 秒计入学习进度，进度以服务器记录为准。
          </Typography.Text>
          <PdfReader
            key={fileId}
            url={file.fileUrl}
            startPage={Math.max(1, process.learnSec)}
            onPage={(page, _total, reason) => report({ learnSec: page, page }, reason === 'tick')}
          />
        </>
      )}
      {file.fileType === CourseFileType.LIVE && <VideoPlayer key={fileId} url={file.viewUrl} live />}
      {file.fileType === CourseFileType.ATTACH && (
        <Button type="primary" icon={<IconDownload />} href={file.fileUrl} target="_blank">
          下载资料
        </Button>
      )}
      <StudyCheckDialog open={check.open} graceLeft={check.graceLeft} onPass={check.pass} />
      <FaceCheckDialog
        visible={face.open}
        scene="study"
        saveCall={CourseFaceCalls.save}
        resultCall={CourseFaceCalls.validateFace}
        params={{ courseId: course.id, fileId }}
        onPass={face.passed}
        onBreak={goBreak}
        onClose={face.closed}
      />
    </div>
  );
}
