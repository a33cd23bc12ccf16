import { useEffect, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { post } from '@exam/api';
import { type Chapter, RepoCalls } from '@exam/contracts';

type Props = { repoId?: string; value?: string; onChange: (chapterId: string) => void; placeholder?: string; style?: React.CSSProperties };

/** The chapters of one bank (none until a bank is chosen). */
export function ChapterSelect({ repoId, value, onChange, placeholder = '选择章节', style }: Props) {
  const [chapters, setChapters] = useState<Chapter[]>([]);
  useEffect(() => {
    setChapters([]);
    if (repoId) void post<Chapter[]>(RepoCalls.chapterList.url, { repoId }).then(setChapters);
  }, [repoId]);
  return (
    <Select aria-label="章节" allowClear disabled={!repoId} placeholder={placeholder} style={style} value={value || undefined}
      options={chapters.map((c) => ({ label: c.title, value: c.id }))} onChange={(v) => onChange(v ?? '')} />
  );
}
