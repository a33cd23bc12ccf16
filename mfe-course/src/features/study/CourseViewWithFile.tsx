import { useParams } from '@exam/router';
import { CourseStudy } from './CourseStudy';

/** Route /pages/course/view/:courseId/:fileId: one file studied, the course's files beside it. */
export default function CourseViewWithFile() {
  const { courseId = '', fileId = '' } = useParams();
  return <CourseStudy courseId={courseId} fileId={fileId} />;
}
