// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

/** The views this remote provides, by the name menus use in `repo/<View>`. */
export const views = {
  RepoList: () => import('./features/repos/RepoList'),
  QuList: () => import('./features/qu/QuList'),
  QuReport: () => import('./features/qu/QuReport'),
  MyRepoList: () => import('./features/repos/MyRepoList'),
  MyRepoView: () => import('./features/repos/MyRepoView'),
  TrainStart: () => import('./features/train/TrainStart'),
  TrainResult: () => import('./features/train/TrainResult'),
  TrainRecord: () => import('./features/train/TrainRecord'),
  WrongBook: () => import('./features/book/WrongBook'),
  BattleList: () => import('./features/battle/BattleList'),
  BattleResult: () => import('./features/battle/BattleResult'),
  BattleHome: () => import('./features/battle/BattleHome'),
  BattlePlay: () => import('./features/battle-play/BattlePlay'),
  BattleJoin: () => import('./features/battle-play/BattleJoin'),
  BattleHost: () => import('./features/battle-host/BattleHost'),
};
