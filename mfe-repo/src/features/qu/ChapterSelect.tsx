import { Select } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { useChapterListQuery } from '../repos/chapterApi';

type Props = {
  repoId?: string;
  value?: string;
  onChange: (chapterId: string) => void;
  placeholder?: string;
  style?: React.CSSProperties;
};

/** The chapters of one bank (none until a bank is chosen). */
export function ChapterSelect({ repoId, value, onChange, placeholder = '选择章节', style }: Props) {
  const { currentData: chapters = [] } = useChapterListQuery(repoId ? { repoId } : skipToken);
  return (
    <Select
      aria-label="章节"
      allowClear
      disabled={!repoId}
      placeholder={placeholder}
      style={style}
      value={value || undefined}
      options={chapters.map((c) => ({ label: c.title, value: c.id }))}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
