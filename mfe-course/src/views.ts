// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

export { firstCalls } from './firstCalls';

/** The views this remote provides, by the name menus use in `course/<View>`. */
export const views = {
  CourseList: () => import('./features/courses/CourseList'),
  CourseFileList: () => import('./features/files/CourseFileList'),
  CourseQaAdmin: () => import('./features/qa/CourseQaAdmin'),
  ClientCourse: () => import('./features/client/ClientCourse'),
  CourseView: () => import('./features/study/CourseView'),
  CourseViewWithFile: () => import('./features/study/CourseViewWithFile'),
  CourseQa: () => import('./features/qa/CourseQa'),
};
