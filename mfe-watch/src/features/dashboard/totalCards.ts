import type { DashTotals, SiteProps } from '@exam/contracts';

export interface TotalCard {
  key: keyof DashTotals;
  title: string;
  /** Route name of the list the card opens. */
  route: string;
  /** Site module switch the card depends on; none = always available. */
  module?: keyof Pick<SiteProps, 'moduleExam' | 'moduleCourse' | 'moduleBattle' | 'moduleCert'>;
}

/** Spec admin §2 dashboard total cards, each linking to its list. */
export const TOTAL_CARDS: TotalCard[] = [
  { key: 'examCount', title: '考试数量', route: 'ExamList', module: 'moduleExam' },
  { key: 'repoCount', title: '题库数量', route: 'RepoList', module: 'moduleExam' },
  { key: 'quCount', title: '试题数量', route: 'QuList', module: 'moduleExam' },
  { key: 'courseCount', title: '课程数量', route: 'CourseList', module: 'moduleCourse' },
  { key: 'fileCount', title: '课件数量', route: 'CourseFileList', module: 'moduleCourse' },
  { key: 'battleCount', title: '竞赛数量', route: 'BattleList', module: 'moduleBattle' },
  { key: 'grantCount', title: '证书发放', route: 'CertGrantList', module: 'moduleCert' },
  { key: 'userCount', title: '用户数量', route: 'SysUser' },
];

/** A card shows only when its module is on and its count is above zero. */
export function visibleCards(totals: DashTotals, props: Partial<SiteProps> | undefined): TotalCard[] {
  return TOTAL_CARDS.filter((card) => (totals[card.key] ?? 0) > 0 && (!card.module || props?.[card.module] === true));
}
