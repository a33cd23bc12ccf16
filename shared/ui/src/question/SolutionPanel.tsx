import { Tag, Typography } from '@arco-design/web-react';
import type { QuSolution, QuView } from '@exam/contracts';
import { RichText } from '../editor/RichText';

type Props = {
  qu: Pick<QuView, 'quType' | 'answerList'>;
  solution: Omit<QuSolution, 'subList'>;
  result?: boolean | null;
};

const resultTag = (r: boolean | null | undefined) =>
  r === true ? (
    <Tag color="green">回答正确</Tag>
  ) : r === false ? (
    <Tag color="red">回答错误</Tag>
  ) : r === null ? (
    <Tag color="orange">待人工评阅</Tag>
  ) : null;

/** The right answer and analysis, shown after answering (or in remember mode). */
export function SolutionPanel({ qu, solution, result }: Props) {
  const letters = qu.answerList
    .filter((o) => solution.rightIds.includes(o.id))
    .map((o) => o.abc)
    .join('、');
  return (
    <div data-testid="solution" style={{ marginTop: 12, padding: 12, background: '#f7f8fa', borderRadius: 4 }}>
      <div style={{ marginBottom: 6 }}>
        {resultTag(result)}
        {letters && (
          <Typography.Text>
            正确答案：<b>{letters}</b>
          </Typography.Text>
        )}
        {solution.blankAnswers.length > 0 && (
          <Typography.Text>
            正确答案：{solution.blankAnswers.map((b, i) => `第${i + 1}空：${b.split('||').join(' 或 ')}`).join('；')}
          </Typography.Text>
        )}
        {solution.pairAnswers.length > 0 && (
          <Typography.Text>
            正确连线：{qu.answerList.map((o, i) => `${o.abc} → ${solution.pairAnswers[i]}`).join('；')}
          </Typography.Text>
        )}
      </div>
      {solution.refAnswer && (
        <div>
          <Typography.Text bold>参考答案：</Typography.Text>
          <RichText html={solution.refAnswer} />
        </div>
      )}
      <div>
        <Typography.Text bold>试题解析：</Typography.Text>
        {solution.analysis ? (
          <RichText html={solution.analysis} />
        ) : (
          <Typography.Text type="secondary">暂无解析</Typography.Text>
        )}
      </div>
    </div>
  );
}
