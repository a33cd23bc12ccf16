import type { SiteProps } from '@exam/contracts';

export interface QuickEntry {
  key: string;
  title: string;
  /** The permission that shows the entry (spec admin §6 codes). */
  permission: string;
  /** Route name the entry opens; `add` asks the list to open its create form. */
  route: string;
  add?: boolean;
  module?: keyof Pick<SiteProps, 'moduleExam' | 'moduleCourse'>;
}

/** Spec admin §2 dashboard quick entries: create exam, add course, question bank management, notice management. */
export const QUICK_ENTRIES: QuickEntry[] = [
  { key: 'exam', title: '创建考试', permission: 'exam:add', route: 'ExamList', add: true, module: 'moduleExam' },
  {
    key: 'course',
    title: '添加课程',
    permission: 'course:add',
    route: 'CourseList',
    add: true,
    module: 'moduleCourse',
  },
  { key: 'repo', title: '题库管理', permission: 'repo:list', route: 'RepoList', module: 'moduleExam' },
  { key: 'notice', title: '公告管理', permission: 'sys:notice:list', route: 'SysNotice' },
];

/** Entries the user may use: hidden without the permission or with the module switched off. */
export function visibleEntries(permissions: readonly string[], props: Partial<SiteProps> | undefined): QuickEntry[] {
  return QUICK_ENTRIES.filter((e) => permissions.includes(e.permission) && (!e.module || props?.[e.module] !== false));
}
