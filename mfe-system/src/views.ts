// Arco needs this once per bundle under React 19, or Message and Modal crash (DESIGN §5).
import '@arco-design/web-react/es/_util/react-19-adapter';

/** The views this remote provides, by the name menus use in `system/<View>`. */
export const views = {
  SysUser: () => import('./features/users/SysUser'),
  SysDepart: () => import('./features/departs/SysDepart'),
  SysRole: () => import('./features/roles/SysRole'),
  SysMenu: () => import('./features/menus/SysMenu'),
  SysGroup: () => import('./features/groups/SysGroup'),
  SysDic: () => import('./features/dics/SysDic'),
  NoticeList: () => import('./features/notices/NoticeList'),
  NoticeDetail: () => import('./features/notices/NoticeDetail'),
  SysNotice: () => import('./features/notices/SysNotice'),
  NotifyTmpl: () => import('./features/tmpl/NotifyTmpl'),
  SysConfig: () => import('./features/config/SysConfig'),
  UserCenter: () => import('./features/uc/UserCenter'),
  UcInfo: () => import('./features/uc/UcInfo'),
  UcPass: () => import('./features/uc/UcPass'),
  UcBind: () => import('./features/uc/UcBind'),
  UcReal: () => import('./features/uc/UcReal'),
  UcPoints: () => import('./features/uc/UcPoints'),
  UcInit: () => import('./features/uc/UcInit'),
  MyMessage: () => import('./features/uc/MyMessage'),
  SysRealAudit: () => import('./features/real/SysRealAudit'),
  CertTmplList: () => import('./features/cert/CertTmplList'),
  CertGrantList: () => import('./features/cert/CertGrantList'),
  UcCert: () => import('./features/cert/UcCert'),
  OrderList: () => import('./features/order/OrderList'),
};
