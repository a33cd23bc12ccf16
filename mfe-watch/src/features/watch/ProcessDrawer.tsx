import { Descriptions, Drawer, Empty, Tag } from '@arco-design/web-react';
import { NamedProgress } from '@exam/ui';
import type { WatchRow } from '@exam/contracts';
import { ageText } from './format';
import { useCapture } from './useCapture';

type Props = { row: WatchRow | undefined; onClose: () => void };

/**
 * One examinee's process: the latest snapshot (only the latest frame is stored; the count says how many were
 * taken), leaves, face failures and answer progress. The row comes from the live grid, so it refreshes with it.
 */
export function ProcessDrawer({ row, onClose }: Props) {
  const image = useCapture(row?.image ?? '');
  return (
    <Drawer
      width={420}
      title={row ? `${row.realName} 的考试过程` : '考试过程'}
      visible={!!row}
      footer={null}
      onCancel={onClose}
    >
      {row && (
        <>
          {image ? (
            <img src={image} alt={`${row.realName}的抓拍`} style={{ width: '100%', borderRadius: 4 }} />
          ) : (
            <Empty description="暂无抓拍" />
          )}
          <Descriptions
            column={1}
            style={{ marginTop: 16 }}
            data={[
              { label: '状态', value: <Tag color={row.online ? 'green' : 'gray'}>{row.online ? '在线' : '离线'}</Tag> },
              { label: '开始时间', value: row.startTime },
              {
                label: '答题进度',
                value: (
                  <NamedProgress
                    label="答题进度"
                    percent={row.quCount ? Math.round((row.answerCount * 100) / row.quCount) : 0}
                    formatText={() => `${row.answerCount}/${row.quCount}`}
                  />
                ),
              },
              { label: '抓拍次数', value: `${row.captureCount}（最新：${ageText(row.imageAge)}）` },
              { label: '切屏次数', value: row.leaveTimes },
              { label: '人脸失败', value: row.faceFails },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
