// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

export { firstCalls } from './firstCalls';

/** The views this remote provides, by the name menus use in `watch/<View>`. */
export const views = {
  Dashboard: () => import('./features/dashboard/Dashboard'),
  ExamWatch: () => import('./features/watch/ExamWatch'),
  ExamWatchDetail: () => import('./features/watch/ExamWatchDetail'),
};
