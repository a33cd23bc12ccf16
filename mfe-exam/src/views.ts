// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

/** The views this remote provides, by the name menus use in `exam/<View>`. */
export const views = {
  ExamList: () => import('./features/exams/ExamList'),
  ExamOnline: () => import('./features/exams/ExamOnline'),
};
