import type { ReactNode } from 'react';
import { Input, Select, Space } from '@arco-design/web-react';
import { COURSE_FILE_TYPE_TEXT } from '@exam/contracts';

/** A filter over coded values (a type, a state), shown by their titles. */
export function CodeFilter({
  titles,
  placeholder,
  value,
  onChange,
}: {
  titles: Record<number, string>;
  placeholder: string;
  value?: number;
  onChange: (value?: number) => void;
}) {
  const options = Object.entries(titles).map(([code, label]) => ({ value: Number(code), label }));
  return (
    <Select
      allowClear
      placeholder={placeholder}
      style={{ width: 130 }}
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

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
      <CodeFilter titles={COURSE_FILE_TYPE_TEXT} placeholder="课件类型" value={fileType} onChange={onFileType} />
      {children}
    </Space>
  );
}
