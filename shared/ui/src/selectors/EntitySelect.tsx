import { useState } from 'react';
import { Select, type SelectProps } from '@arco-design/web-react';
import { usePickerCoursePagingQuery, usePickerExamPagingQuery, usePickerGroupPagingQuery } from '../dialogs/pickerApi';

/** Spec admin §9: selectors load 100 items; typing narrows them on the server by title. */
export const SELECTOR_SIZE = 100;

export type EntitySelectProps = Omit<SelectProps, 'options' | 'onSearch' | 'filterOption'> & {
  /** One pick instead of several (with `labelInValue`, a value not among the loaded 100 still shows its title). */
  single?: boolean;
};

type Lister = (arg: { current: number; size: number; params: { title?: string } }) => {
  data?: { records: { id: string; title?: string; groupName?: string }[] };
  isFetching: boolean;
};

/** A multi-selector over one paging call: the first 100 matches of the typed title. */
function entitySelect(
  useList: Lister,
  labelOf: (r: { id: string; title?: string; groupName?: string }) => string,
  placeholder: string,
) {
  return function EntitySelect({ mode = 'multiple', single, ...rest }: EntitySelectProps) {
    const [title, setTitle] = useState('');
    const { data, isFetching } = useList({ current: 1, size: SELECTOR_SIZE, params: { title: title || undefined } });
    return (
      <Select
        mode={single ? undefined : mode}
        allowClear
        showSearch
        placeholder={placeholder}
        loading={isFetching}
        filterOption={false}
        onSearch={setTitle}
        {...rest}
        options={(data?.records ?? []).map((r) => ({ value: r.id, label: labelOf(r) }))}
      />
    );
  };
}

/** Group multi-selector (spec admin §2). */
export const GroupSelect = entitySelect(
  usePickerGroupPagingQuery as unknown as Lister,
  (r) => r.groupName ?? r.title ?? '',
  '请选择用户组',
);
/** Course multi-selector (spec admin §2). */
export const CourseSelect = entitySelect(
  usePickerCoursePagingQuery as unknown as Lister,
  (r) => r.title ?? '',
  '请选择课程',
);
/** Exam selector (certificate rules pick one). */
export const ExamSelect = entitySelect(
  usePickerExamPagingQuery as unknown as Lister,
  (r) => r.title ?? '',
  '请选择考试',
);
