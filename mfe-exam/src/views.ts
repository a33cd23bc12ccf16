// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

export { firstCalls } from './firstCalls';

/** The views this remote provides, by the name menus use in `exam/<View>`. */
export const views = {
  ExamList: () => import('./features/admin/ExamList'),
  ExamOnline: () => import('./features/online/ExamOnline'),
  CheckExam: () => import('./features/check/CheckExam'),
  StartExam: () => import('./features/screen/StartExam'),
  ShowExam: () => import('./features/result/ShowExam'),
  WebPaperList: () => import('./features/result/WebPaperList'),
  ReviewList: () => import('./features/review/ReviewList'),
  ReviewPaperDetail: () => import('./features/review/ReviewPaperDetail'),
  ApplyList: () => import('./features/apply/ApplyList'),
};
