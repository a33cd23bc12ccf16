// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

/** The views this remote provides, by the name menus use in `repo/<View>`. */
export const views = {
  RepoList: () => import('./features/repos/RepoList'),
  MyRepoList: () => import('./features/repos/MyRepoList'),
};
