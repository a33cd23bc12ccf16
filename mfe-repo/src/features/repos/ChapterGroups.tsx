import { FitTable } from '@exam/ui';
import { Button, Card, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { ChapterGroup } from '@exam/contracts';
import { useChapterGroupQuery } from './chapterApi';

interface Props {
  repoId: string;
  /** Starts (or resumes) sequential training over one chapter. */
  onTrain: (chapterId: string) => void;
}

/** 章节练习: the bank's questions by chapter and type (chapter-group); each chapter can be trained alone. */
export function ChapterGroups({ repoId, onTrain }: Props) {
  const { data = [], isFetching } = useChapterGroupQuery({ repoId });
  const columns: TableColumnProps<ChapterGroup>[] = [
    { title: '章节', dataIndex: 'title', width: 130, render: (t: string, g) => `${t}（${g.quCount}题）` },
    {
      title: '题型分布',
      key: 'types',
      render: (_: unknown, g) => (
        <Space wrap size={4}>
          {g.types.map((t) => (
            <Tag key={t.quType}>
              {t.title} {t.count}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 96,
      // Questions without a chapter are trained with the whole bank, not as a chapter of their own.
      render: (_: unknown, g) =>
        g.chapterId && (
          <Button size="small" type="primary" onClick={() => onTrain(g.chapterId)}>
            章节练习
          </Button>
        ),
    },
  ];
  return (
    <Card title="章节练习" style={{ marginTop: 16 }} data-testid="chapter-groups">
      {/* No horizontal scroll: on a phone the type tags wrap so 章节练习 stays in view. */}
      <FitTable
        rowKey={(g) => g.chapterId || 'none'}
        size="small"
        columns={columns}
        data={data}
        loading={isFetching}
        pagination={false}
        noDataElement="暂无相关数据！"
      />
    </Card>
  );
}
