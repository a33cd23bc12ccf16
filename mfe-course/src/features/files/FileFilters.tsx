import type { ReactNode } from 'react';
import { Input, Select, Space } from '@arco-design/web-react';
import { COURSE_FILE_TYPE_TEXT } from '@exam/contracts';

export const toOptions = (map: Record<number, string>) =>
  Object.entries(map).map(([value, label]) => ({ value: Number(value), label }));

/** The courseware filters (name, type) of the library and of a course's courseware picker; `children` follow them. */
export function FileFilters({
  onTitle,
  fileType,
  onFileType,
  children,
}: {
  onTitle: (title: string) => void;
  fileType?: number;
  onFileType: (fileType?: number) => void;
  children?: ReactNode;
}) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search allowClear placeholder="搜索课件名称" style={{ width: 220 }} onSearch={onTitle} />
      <Select
        allowClear
        placeholder="课件类型"
        style={{ width: 130 }}
        options={toOptions(COURSE_FILE_TYPE_TEXT)}
        value={fileType}
        onChange={onFileType}
      />
      {children}
    </Space>
  );
}
