import { lazy, Suspense } from 'react';
import { Spin } from '@arco-design/web-react';
import type { VideoPlayerProps, WatchReport } from './VideoPlayer';
import type { PdfReaderProps } from './PdfReader';
import type { PdfPageProps } from './PdfPage';

// @exam/ui is a shared singleton every shell loads: the players (xgplayer, pdf.js) are split off so
// only a page that plays something downloads them.
const LazyVideo = lazy(() => import('./VideoPlayer').then((m) => ({ default: m.VideoPlayer })));
const LazyPdf = lazy(() => import('./PdfReader').then((m) => ({ default: m.PdfReader })));
const LazyPdfPage = lazy(() => import('./PdfPage').then((m) => ({ default: m.PdfPage })));

const loading = <Spin style={{ display: 'block', margin: '48px auto' }} />;

export const VideoPlayer = (props: VideoPlayerProps) => (
  <Suspense fallback={loading}>
    <LazyVideo {...props} />
  </Suspense>
);

export const PdfReader = (props: PdfReaderProps) => (
  <Suspense fallback={loading}>
    <LazyPdf {...props} />
  </Suspense>
);

export const PdfPage = (props: PdfPageProps) => (
  <Suspense fallback={loading}>
    <LazyPdfPage {...props} />
  </Suspense>
);

export type { VideoPlayerProps, PdfReaderProps, PdfPageProps, WatchReport };
export {
  ImageBox,
  COVERS,
  DEFAULT_COVER,
  EXAM_COVER,
  REPO_COVER,
  coverColumn,
  type CoverKind,
  type ImageBoxProps,
} from './ImageBox';
export { StudyCheckDialog, CAPTCHA_EMPTY_MSG, type StudyCheckDialogProps } from './StudyCheckDialog';
export { useStudyCheck, type UseStudyCheckOptions } from './useStudyCheck';
export { STUDY_CHECK_GRACE_SEC, studyCheckIntervalSec } from './studyCheck';
export { DRAG_TOLERANCE_SEC, coveredSec, isHls, mergeIntervals, type Interval } from './watchTracker';
