import { NamedProgress } from '@exam/ui';
import { Button, Card, Descriptions, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { useTrainDetailQuery } from './trainApi';

/** Training result (route /pages/train/result/:trainId). */
export default function TrainResult() {
  const { trainId = '' } = useParams();
  const navigate = useNavigate();
  const { currentData: rec } = useTrainDetailQuery({ id: trainId });
  return (
    <Card title="训练结果" style={{ margin: 16 }}>
      <Spin loading={!rec} style={{ display: 'block' }}>
        {rec && (
          <Space size={48} align="center">
            <Space direction="vertical" align="center">
              <NamedProgress label="正确率" type="circle" percent={rec.percent} size="large" />
              <span>正确率</span>
            </Space>
            <Descriptions
              column={1}
              data={[
                { label: '题库', value: rec.title },
                { label: '训练模式', value: rec.trainMode_dictText },
                { label: '答题进度', value: `${rec.answerCount}/${rec.totalCount}` },
                { label: '答对题数', value: rec.rightCount },
                { label: '训练时间', value: rec.updateTime },
              ]}
            />
          </Space>
        )}
        <div style={{ marginTop: 24 }}>
          <Space>
            <Button type="primary" onClick={() => navigate(`/pages/book/list?refType=repo&refId=${rec?.repoId ?? ''}`)}>
              查看错题
            </Button>
            <Button onClick={() => navigate(`/pages/repo/view/${rec?.repoId ?? ''}`)}>返回题库</Button>
            <Button onClick={() => navigate('/pages/train/record')}>训练记录</Button>
          </Space>
        </div>
      </Spin>
    </Card>
  );
}
