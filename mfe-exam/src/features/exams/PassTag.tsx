import { Tag } from '@arco-design/web-react';

/** Pass status: 通过 / 未通过 once a score is published, otherwise 待出分 (spec learner §4). */
export function PassTag({ passed }: { passed: boolean | null | undefined }) {
  if (passed === null || passed === undefined) return <Tag color="orange">待出分</Tag>;
  return <Tag color={passed ? 'green' : 'red'}>{passed ? '通过' : '未通过'}</Tag>;
}
