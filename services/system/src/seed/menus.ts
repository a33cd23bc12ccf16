import { MenuType } from '@exam/contracts';

/**
 * The seeded menu tree. Admin entries cover every admin view the spec names; function entries
 * (type 2) carry the permission tags the server checks. View keys are `<domain>/<View>` (DESIGN §3).
 */
export type MenuSeed = {
  id: string;
  title: string;
  name?: string;
  path?: string;
  component?: string;
  redirect?: string;
  tag?: string;
  icon?: string;
  type?: (typeof MenuType)[keyof typeof MenuType];
  hidden?: boolean;
  affix?: boolean;
  module?: 'course' | 'exam';
  children?: MenuSeed[];
};

const fn = (id: string, title: string, tag: string): MenuSeed => ({ id, title, tag, type: MenuType.FUNCTION });
const crud = (prefix: string, tagBase: string, extra: [string, string][] = []) => [
  fn(`${prefix}-add`, '新增', `${tagBase}:add`),
  fn(`${prefix}-update`, '修改', `${tagBase}:update`),
  fn(`${prefix}-delete`, '删除', `${tagBase}:delete`),
  ...extra.map(([k, t]) => fn(`${prefix}-${k}`, t, `${tagBase}:${k}`)),
];

export const ADMIN_MENUS: MenuSeed[] = [
  { id: 'm-home', title: '首页', path: '/dashboard', component: 'Layout', redirect: '/dashboard/index', icon: 'IconHome', children: [
    { id: 'm-dashboard', title: '控制台', name: 'Dashboard', path: 'index', component: 'watch/Dashboard', tag: 'dashboard:view', icon: 'IconDashboard', affix: true },
  ] },
  { id: 'm-exam', title: '考试管理', path: '/exam', component: 'Layout', icon: 'IconFile', module: 'exam', children: [
    { id: 'm-exam-list', title: '考试列表', name: 'ExamList', path: 'list', component: 'exam/ExamList', tag: 'exam:list', children: [...crud('f-exam', 'exam', [['state', '状态'], ['record', '考试记录']]), fn('f-exam-record-export', '导出记录', 'exam:record:export')] },
    { id: 'm-exam-review', title: '阅卷管理', name: 'ReviewList', path: 'review', component: 'exam/ReviewList', tag: 'exam:review' },
    { id: 'm-exam-review-detail', title: '阅卷', name: 'ReviewPaperDetail', path: 'review/detail/:paperId', component: 'exam/ReviewPaperDetail', type: MenuType.ROUTE, hidden: true, tag: 'exam:review' },
    { id: 'm-exam-apply', title: '考试申请', name: 'ExamApplyList', path: 'apply', component: 'exam/ApplyList', tag: 'exam:apply', children: [fn('f-exam-apply-audit', '审核', 'exam:apply:audit')] },
    { id: 'm-exam-watch', title: '考试监控', name: 'ExamWatch', path: 'watch', component: 'watch/ExamWatch', tag: 'exam:watch' },
    { id: 'm-exam-watch-detail', title: '监控详情', name: 'ExamWatchDetail', path: 'watch/detail', component: 'watch/ExamWatchDetail', type: MenuType.ROUTE, hidden: true, tag: 'exam:watch' },
  ] },
  { id: 'm-repo', title: '题库管理', path: '/repo', component: 'Layout', icon: 'IconBook', module: 'exam', children: [
    { id: 'm-repo-list', title: '题库列表', name: 'RepoList', path: 'list', component: 'repo/RepoList', tag: 'repo:list', children: crud('f-repo', 'repo') },
    { id: 'm-qu-list', title: '试题管理', name: 'QuList', path: 'qu', component: 'repo/QuList', tag: 'qu:list', children: crud('f-qu', 'qu', [['import', '导入'], ['export', '导出']]) },
    { id: 'm-qu-report', title: '错题反馈', name: 'QuReport', path: 'report', component: 'repo/QuReport', tag: 'qu:report' },
  ] },
  { id: 'm-course', title: '课程管理', path: '/course', component: 'Layout', icon: 'IconVideoCamera', module: 'course', children: [
    { id: 'm-course-list', title: '课程列表', name: 'CourseList', path: 'list', component: 'course/CourseList', tag: 'course:list', children: [...crud('f-course', 'course', [['state', '状态'], ['learn', '学习记录']]), fn('f-course-learn-fix', '修正进度', 'course:learn:fix')] },
    { id: 'm-course-file', title: '课件管理', name: 'CourseFileList', path: 'file', component: 'course/CourseFileList', tag: 'course:file:list', children: crud('f-course-file', 'course:file') },
    { id: 'm-course-qa', title: '课程问答', name: 'CourseQaAdmin', path: 'qa', component: 'course/CourseQaAdmin', tag: 'course:qa', children: [fn('f-course-qa-reply', '回复', 'course:qa:reply'), fn('f-course-qa-delete', '删除', 'course:qa:delete')] },
  ] },
  { id: 'm-sys', title: '系统管理', path: '/sys', component: 'Layout', icon: 'IconSettings', children: [
    { id: 'm-sys-user', title: '用户管理', name: 'SysUser', path: 'user', component: 'system/SysUser', tag: 'sys:user:list', children: crud('f-sys-user', 'sys:user', [['import', '导入'], ['export', '导出'], ['state', '状态'], ['reset-pass', '重置密码']]) },
    { id: 'm-sys-depart', title: '部门管理', name: 'SysDepart', path: 'depart', component: 'system/SysDepart', tag: 'sys:depart:list', children: crud('f-sys-depart', 'sys:depart') },
    { id: 'm-sys-role', title: '角色管理', name: 'SysRole', path: 'role', component: 'system/SysRole', tag: 'sys:role:list', children: [fn('f-sys-role-save', '保存', 'sys:role:save'), fn('f-sys-role-menus', '授权', 'sys:role:menus')] },
    { id: 'm-sys-menu', title: '菜单管理', name: 'SysMenu', path: 'menu', component: 'system/SysMenu', tag: 'sys:menu:list', children: crud('f-sys-menu', 'sys:menu') },
    { id: 'm-sys-group', title: '用户组', name: 'SysGroup', path: 'group', component: 'system/SysGroup', tag: 'sys:group:list', children: [
      ...crud('f-sys-group', 'sys:group'), fn('f-sys-group-join', '加入成员', 'sys:group:user:join'), fn('f-sys-group-remove', '移除成员', 'sys:group:user:remove'),
    ] },
    { id: 'm-sys-dic', title: '数据字典', name: 'SysDic', path: 'dic', component: 'system/SysDic', tag: 'sys:dic:list', children: crud('f-sys-dic', 'sys:dic') },
    { id: 'm-sys-notice', title: '通知公告', name: 'SysNotice', path: 'notice', component: 'system/SysNotice', tag: 'sys:notice:list', children: crud('f-sys-notice', 'sys:notice') },
    { id: 'm-sys-real', title: '实名审核', name: 'SysRealAudit', path: 'real', component: 'system/SysRealAudit', tag: 'sys:user:update' },
    { id: 'm-sys-tmpl', title: '消息模板', name: 'NotifyTmpl', path: 'tmpl', component: 'system/NotifyTmpl', tag: 'sys:notify:tmpl' },
    { id: 'm-sys-config', title: '系统配置', name: 'SysConfig', path: 'config', component: 'system/SysConfig', tag: 'sys:config', children: [fn('f-sys-config-save', '保存配置', 'sys:config:save')] },
  ] },
];

/** The learner web menu: the top menu entries of spec learner §1. */
export const WEB_MENUS: MenuSeed[] = [
  { id: 'w-root', title: '首页', path: '/pages', component: 'WebLayout', children: [
    { id: 'w-course', title: '课程学习', name: 'ClientCourse', path: 'course', component: 'course/ClientCourse', module: 'course' },
    { id: 'w-course-view', title: '课程详情', name: 'CourseView', path: 'course/view/:courseId', component: 'course/CourseView', module: 'course', type: MenuType.ROUTE, hidden: true },
    { id: 'w-course-view-file', title: '课程学习', name: 'CourseViewWithFile', path: 'course/view/:courseId/:fileId', component: 'course/CourseView', module: 'course', type: MenuType.ROUTE, hidden: true },
    { id: 'w-course-qa', title: '课程问答', name: 'CourseQa', path: 'course/qa', component: 'course/CourseQa', module: 'course', type: MenuType.ROUTE, hidden: true },
    { id: 'w-exam', title: '在线考试', name: 'ExamOnline', path: 'exam', component: 'exam/ExamOnline', module: 'exam' },
    { id: 'w-exam-check', title: '考试须知', name: 'CheckExam', path: 'exam/check/:id', component: 'exam/CheckExam', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-exam-start', title: '开始考试', name: 'StartExam', path: 'exam/start/:id', component: 'exam/StartExam', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-exam-result', title: '考试结果', name: 'ShowExam', path: 'exam/result/:id', component: 'exam/ShowExam', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-paper-list', title: '考试记录', name: 'WebPaperList', path: 'paper/list', component: 'exam/WebPaperList', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-repo', title: '题库训练', name: 'MyRepoList', path: 'repo', component: 'repo/MyRepoList', module: 'exam' },
    { id: 'w-repo-view', title: '题库详情', name: 'MyRepoView', path: 'repo/view/:repoId', component: 'repo/MyRepoView', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-train-start', title: '题库训练', name: 'TrainStart', path: 'train/start/:repoId/:mode', component: 'repo/TrainStart', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-train-result', title: '训练结果', name: 'TrainResult', path: 'train/result/:trainId', component: 'repo/TrainResult', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-train-record', title: '训练记录', name: 'TrainRecord', path: 'train/record', component: 'repo/TrainRecord', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-book-list', title: '错题本', name: 'WrongBook', path: 'book/list', component: 'repo/WrongBook', module: 'exam', type: MenuType.ROUTE, hidden: true },
    { id: 'w-notice', title: '通知公告', name: 'NoticeList', path: 'notice', component: 'system/NoticeList' },
    { id: 'w-notice-detail', title: '公告详情', name: 'NoticeDetail', path: 'notice/detail/:id', component: 'system/NoticeDetail', type: MenuType.ROUTE, hidden: true },
    // The user centre: /pages/uc leads to info; its pages are hidden routes (the side menu is the view's own).
    { id: 'w-uc', title: '个人中心', name: 'UserCenter', path: 'uc', component: 'system/UserCenter', redirect: '/pages/uc/info', children: [
      { id: 'w-uc-info', title: '个人资料', name: 'UcInfo', path: 'info', component: 'system/UcInfo', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-pass', title: '密码安全', name: 'UcPass', path: 'pass', component: 'system/UcPass', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-bind', title: '账号绑定', name: 'UcBind', path: 'bind', component: 'system/UcBind', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-real', title: '实名认证', name: 'UcReal', path: 'real', component: 'system/UcReal', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-points', title: '积分日志', name: 'UcPoints', path: 'points', component: 'system/UcPoints', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-im', title: '站内信息', name: 'MyMessage', path: 'im', component: 'system/MyMessage', type: MenuType.ROUTE, hidden: true },
      { id: 'w-uc-init', title: '修改账号', name: 'UcInit', path: 'init', component: 'system/UcInit', type: MenuType.ROUTE, hidden: true },
    ] },
  ] },
];

/** Menus the teacher role gets: exams, banks, courses and the dashboard. */
export const TEACHER_ROOTS = ['m-home', 'm-exam', 'm-repo', 'm-course'];
