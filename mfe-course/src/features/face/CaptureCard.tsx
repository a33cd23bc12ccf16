import { Card, Tag, Typography } from '@arco-design/web-react';
import { CaptureState, type FaceCaptureRow } from '@exam/contracts';
import { useBlobImage } from '@exam/ui';

const COLORS: Record<number, string> = {
  [CaptureState.CHECKING]: 'gray',
  [CaptureState.PASSED]: 'green',
  [CaptureState.FAILED]: 'red',
};

/** One stored study capture: the frame (fetched with the admin's token), its verdict and time. */
export function CaptureCard({ row }: { row: FaceCaptureRow }) {
  const src = useBlobImage(row.image);
  return (
    <Card size="small" bodyStyle={{ padding: 8 }} data-testid="face-capture">
      <div
        style={{
          aspectRatio: '4 / 3',
          background: '#f2f3f5',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {src ? (
          <img src={src} alt="抓拍" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Typography.Text type="secondary">{row.image ? '加载中…' : '图片已过保存期限'}</Typography.Text>
        )}
      </div>
      <div style={{ marginTop: 6 }}>
        <Tag color={COLORS[row.state]} size="small">
          {row.state_dictText}
        </Tag>
        {row.score !== null && (
          <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
            相似度 {row.score.toFixed(2)}
          </Typography.Text>
        )}
      </div>
      {row.failMsg && (
        <Typography.Text type="error" style={{ fontSize: 12 }}>
          {row.failMsg}
        </Typography.Text>
      )}
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.createTime}
        </Typography.Text>
      </div>
    </Card>
  );
}
