import { FitTable, detailColumns } from '@exam/ui';
import { Descriptions, Modal, Spin } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { useRepoStatQuery } from './repoApi';

/** Statistics of one bank: totals, per type and per level. */
export function RepoStatDialog({ repoId, onClose }: { repoId?: string; onClose: () => void }) {
  const { currentData: stat } = useRepoStatQuery(repoId ? { id: repoId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const cols = [
    { title: '分类', dataIndex: 'title' },
    { title: '数量', dataIndex: 'count', width: 100 },
  ];
  return (
    <Modal title="题库统计" visible={!!repoId} onCancel={onClose} footer={null} style={{ width: 560 }} unmountOnExit>
      <Spin loading={!stat} style={{ display: 'block' }}>
        {stat && (
          <>
            <Descriptions
              column={detailColumns(3)}
              data={[
                { label: '试题总数', value: stat.quCount },
                { label: '客观题', value: stat.objCount },
                { label: '主观题', value: stat.subjCount },
              ]}
            />
            <FitTable
              rowKey="key"
              size="small"
              pagination={false}
              columns={cols}
              data={stat.byType}
              style={{ marginBottom: 12 }}
            />
            <FitTable rowKey="key" size="small" pagination={false} columns={cols} data={stat.byLevel} />
          </>
        )}
      </Spin>
    </Modal>
  );
}
