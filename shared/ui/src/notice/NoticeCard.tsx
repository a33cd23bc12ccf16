import { useState } from 'react';
import { Card, Empty, Link, Spin } from '@arco-design/web-react';
import { NoticeCalls, type NoticeRow, NoticeState } from '@exam/contracts';
import { usePagingQuery } from '../paging/usePagingQuery';
import { NoticeViewDialog } from './NoticeViewDialog';

export interface NoticeCardProps {
  /** Small cards list 4 notices, others 6 (spec admin §2). */
  small?: boolean;
  title?: string;
  /** Shows 更多 (e.g. go to /pages/notice). */
  onMore?: () => void;
}

/** The latest published notices; a click opens the notice in a dialog. */
export function NoticeCard({ small, title = '通知公告', onMore }: NoticeCardProps) {
  const { records, loading } = usePagingQuery<NoticeRow>(
    NoticeCalls.paging.url,
    { state: NoticeState.PUBLISHED },
    small ? 4 : 6,
  );
  const [open, setOpen] = useState<NoticeRow | null>(null);
  return (
    <Card title={title} extra={onMore && <Link onClick={onMore}>更多</Link>} bordered={false}>
      <Spin loading={loading} style={{ display: 'block' }}>
        {records.length === 0 && !loading ? (
          <Empty description="暂无相关数据！" />
        ) : (
          records.map((n) => (
            <div
              key={n.id}
              className="exam-notice-row"
              style={{ display: 'flex', gap: 12, padding: '6px 0', cursor: 'pointer' }}
              onClick={() => setOpen(n)}
            >
              <span
                title={n.title}
                style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {n.title}
              </span>
              <span style={{ color: 'var(--color-text-3)', flexShrink: 0 }}>{n.createTime.slice(0, 10)}</span>
            </div>
          ))
        )}
      </Spin>
      <NoticeViewDialog notice={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
