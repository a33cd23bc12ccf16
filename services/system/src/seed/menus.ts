import { LEARNING_ADMIN_MENUS } from './admin-learning-menus';
import { crud, fn, type MenuSeed } from './menu-seed';
import { ORDER_ADMIN_MENUS } from './order-menus';

/**
 * The seeded menu tree. Admin entries cover every admin view the spec names; function entries
 * (type 2) carry the permission tags the server checks. View keys are `<domain>/<View>` (DESIGN §3).
 * The learning domains' admin entries are in admin-learning-menus.ts, orders' in order-menus.ts, the learner's in
 * web-menus.ts.
 */
export type { MenuSeed } from './menu-seed';
export { WEB_MENUS } from './web-menus';

export const ADMIN_MENUS: MenuSeed[] = [
  {
    id: 'm-home',
    title: '首页',
    path: '/dashboard',
    component: 'Layout',
    redirect: '/dashboard/index',
    icon: 'IconHome',
    children: [
      {
        id: 'm-dashboard',
        title: '控制台',
        name: 'Dashboard',
        path: 'index',
        component: 'watch/Dashboard',
        tag: 'dashboard:view',
        icon: 'IconDashboard',
        affix: true,
      },
    ],
  },
  ...LEARNING_ADMIN_MENUS,
  ...ORDER_ADMIN_MENUS,
  {
    id: 'm-sys',
    title: '系统管理',
    path: '/sys',
    component: 'Layout',
    icon: 'IconSettings',
    children: [
      {
        id: 'm-sys-user',
        title: '用户管理',
        name: 'SysUser',
        path: 'user',
        component: 'system/SysUser',
        tag: 'sys:user:list',
        children: crud('f-sys-user', 'sys:user', [
          ['import', '导入'],
          ['export', '导出'],
          ['state', '状态'],
          ['reset-pass', '重置密码'],
        ]),
      },
      {
        id: 'm-sys-depart',
        title: '部门管理',
        name: 'SysDepart',
        path: 'depart',
        component: 'system/SysDepart',
        tag: 'sys:depart:list',
        children: crud('f-sys-depart', 'sys:depart'),
      },
      {
        id: 'm-sys-role',
        title: '角色管理',
        name: 'SysRole',
        path: 'role',
        component: 'system/SysRole',
        tag: 'sys:role:list',
        children: [fn('f-sys-role-save', '保存', 'sys:role:save'), fn('f-sys-role-menus', '授权', 'sys:role:menus')],
      },
      {
        id: 'm-sys-menu',
        title: '菜单管理',
        name: 'SysMenu',
        path: 'menu',
        component: 'system/SysMenu',
        tag: 'sys:menu:list',
        children: crud('f-sys-menu', 'sys:menu'),
      },
      {
        id: 'm-sys-group',
        title: '用户组',
        name: 'SysGroup',
        path: 'group',
        component: 'system/SysGroup',
        tag: 'sys:group:list',
        children: [
          ...crud('f-sys-group', 'sys:group'),
          fn('f-sys-group-join', '加入成员', 'sys:group:user:join'),
          fn('f-sys-group-remove', '移除成员', 'sys:group:user:remove'),
        ],
      },
      {
        id: 'm-sys-dic',
        title: '数据字典',
        name: 'SysDic',
        path: 'dic',
        component: 'system/SysDic',
        tag: 'sys:dic:list',
        children: crud('f-sys-dic', 'sys:dic'),
      },
      {
        id: 'm-sys-notice',
        title: '通知公告',
        name: 'SysNotice',
        path: 'notice',
        component: 'system/SysNotice',
        tag: 'sys:notice:list',
        children: crud('f-sys-notice', 'sys:notice'),
      },
      {
        id: 'm-sys-real',
        title: '实名审核',
        name: 'SysRealAudit',
        path: 'real',
        component: 'system/SysRealAudit',
        tag: 'sys:user:update',
      },
      {
        id: 'm-sys-tmpl',
        title: '消息模板',
        name: 'NotifyTmpl',
        path: 'tmpl',
        component: 'system/NotifyTmpl',
        tag: 'sys:notify:tmpl',
      },
      {
        id: 'm-sys-config',
        title: '系统配置',
        name: 'SysConfig',
        path: 'config',
        component: 'system/SysConfig',
        tag: 'sys:config',
        children: [fn('f-sys-config-save', '保存配置', 'sys:config:save')],
      },
    ],
  },
];

/** Menus the teacher role gets: exams, banks, courses, battles (a teacher hosts contests too) and the dashboard. */
export const TEACHER_ROOTS = ['m-home', 'm-exam', 'm-repo', 'm-course', 'm-battle'];
