import { useParams } from '@exam/router';
import { CourseStudy } from './CourseStudy';

/** Route /pages/course/view/:courseId (and with :fileId, should a menu point here): the course and its files. */
export default function CourseView() {
  const { courseId = '', fileId } = useParams();
  return <CourseStudy courseId={courseId} fileId={fileId} />;
}
