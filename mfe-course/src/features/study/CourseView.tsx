import { useParams } from 'react-router';
import { CourseStudy } from './CourseStudy';

/** Route /pages/course/view/:courseId: the course's intro and files. */
export default function CourseView() {
  const { courseId = '' } = useParams();
  return <CourseStudy courseId={courseId} />;
}
