import { NamedProgress } from '@exam/ui';
import { Empty, Tag, Typography } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import { STUDY_FILE_TYPES, type CourseViewFile } from '@exam/contracts';

/** The course's files in order, grouped by chapter, each with the learner's progress. */
export function StudyFileList({
  courseId,
  files,
  active,
}: {
  courseId: string;
  files: CourseViewFile[];
  active?: string;
}) {
  const navigate = useNavigate();
  if (!files.length) return <Empty description="暂无课件" />;
  return (
    <div role="list" aria-label="课件列表">
      {files.map((f, i) => {
        const chapterStart = f.chapter && f.chapter !== files[i - 1]?.chapter;
        const current = f.fileId === active;
        return (
          <div key={f.fileId}>
            {chapterStart && (
              <Typography.Text bold style={{ display: 'block', margin: '12px 0 4px' }}>
                {f.chapter}
              </Typography.Text>
            )}
            <div
              role="listitem"
              onClick={() => navigate(`/pages/course/view/${courseId}/${f.fileId}`)}
              style={{
                padding: '8px 10px',
                borderRadius: 4,
                cursor: 'pointer',
                marginBottom: 4,
                background: current ? 'rgb(var(--arcoblue-1))' : 'var(--color-fill-1)',
                borderLeft: current ? '3px solid rgb(var(--arcoblue-6))' : '3px solid transparent',
              }}
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <Tag size="small">{f.fileType_dictText}</Tag>
                <span
                  title={f.title}
                  style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {f.title}
                </span>
                {f.finished && <IconCheckCircleFill style={{ color: 'rgb(var(--green-6))' }} aria-label="已学完" />}
              </div>
              {STUDY_FILE_TYPES.includes(f.fileType) && (
                <NamedProgress
                  label={`${f.title} 学习进度`}
                  percent={f.percent}
                  size="small"
                  status={f.finished ? 'success' : 'normal'}
                  style={{ marginTop: 4 }}
                />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
