import { Button, Card, Empty, Spin, Typography } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useNavigate, useParams } from '@exam/router';
import { RichText } from '@exam/ui';
import { useNoticeViewQuery } from './noticeApi';

/** One notice (route /pages/notice/detail/{id}); a disabled or deleted notice reads as missing. */
export default function NoticeDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { currentData: notice, isFetching, isError } = useNoticeViewQuery({ id });
  const state = isFetching ? 'loading' : isError || !notice ? 'missing' : 'ready';

  return (
    <Card bordered={false}>
      <Button type="text" icon={<IconLeft />} onClick={() => navigate('/pages/notice')} style={{ marginBottom: 12 }}>
        返回列表
      </Button>
      <Spin loading={state === 'loading'} style={{ display: 'block', minHeight: 120 }}>
        {state === 'missing' && <Empty description="公告不存在或已下线！" />}
        {state === 'ready' && notice && (
          <article>
            <Typography.Title heading={4} style={{ textAlign: 'center' }}>
              {notice.title}
            </Typography.Title>
            <div style={{ textAlign: 'center', color: 'var(--color-text-3)', marginBottom: 24 }}>
              发布时间：{notice.createTime}
            </div>
            <RichText html={notice.content} />
          </article>
        )}
      </Spin>
    </Card>
  );
}
