// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

/** The views this remote provides, by the name menus use in `course/<View>`. */
export const views = {
  CourseList: () => import('./features/courses/CourseList'),
  ClientCourse: () => import('./features/courses/ClientCourse'),
};
