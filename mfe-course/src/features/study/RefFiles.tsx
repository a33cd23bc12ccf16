import { Empty, Link, Typography } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useRefFileListQuery } from '../client/clientApi';
import { fileSizeText } from '../../common/format';

/** The course's reference attachments, to download. */
export function RefFiles({ courseId }: { courseId: string }) {
  const { data = [] } = useRefFileListQuery({ courseId });
  if (!data.length) return <Empty description="暂无参考资料" />;
  return (
    <div>
      {data.map((f) => (
        <div key={f.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
          <Link
            href={f.fileUrl}
            download={f.title}
            target="_blank"
            icon={<IconDownload />}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Typography.Text ellipsis={{ cssEllipsis: true }} style={{ margin: 0, color: 'inherit' }}>
              {f.title}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {fileSizeText(f.fileSize)}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
