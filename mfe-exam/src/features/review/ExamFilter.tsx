import { Select } from '@arco-design/web-react';
import { useExamPagingQuery } from '../admin/examApi';

/** Chooses an exam to filter a list by (the latest 200 exams, searchable by title). */
export function ExamFilter({ value, onChange }: { value?: string; onChange: (id?: string) => void }) {
  const exams = useExamPagingQuery({ current: 1, size: 200 }).data?.records ?? [];
  return (
    <Select
      allowClear
      showSearch
      placeholder="全部考试"
      style={{ width: 280 }}
      value={value}
      onChange={(v) => onChange(v || undefined)}
      filterOption={(input, option) =>
        String((option as { props?: { children?: unknown } })?.props?.children ?? '').includes(input)
      }
      options={exams.map((e) => ({ label: e.title, value: e.id }))}
    />
  );
}
