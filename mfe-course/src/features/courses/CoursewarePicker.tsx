import { FitTable, compactFilters, usePage } from '@exam/ui';
import { useState } from 'react';
import { Input, Modal, Select, Space } from '@arco-design/web-react';
import { COURSE_FILE_TYPE_TEXT, CourseFileState, type CourseFileRow } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { durationText } from '../../common/format';
import { useFilePagingQuery } from '../files/fileApi';

const TYPE_OPTIONS = Object.entries(COURSE_FILE_TYPE_TEXT).map(([value, label]) => ({ value: Number(value), label }));

/** Picks coursewares for a course: only ready ones (state 0, spec §4), without those already chosen. */
export function CoursewarePicker({
  visible,
  excludes,
  onCancel,
  onOk,
}: {
  visible: boolean;
  excludes: string[];
  onCancel: () => void;
  onOk: (rows: CourseFileRow[]) => void;
}) {
  const [title, setTitle] = useState('');
  const [fileType, setFileType] = useState<number>();
  const [picked, setPicked] = useState<CourseFileRow[]>([]);
  const page = usePage(
    compactFilters({
      title,
      fileType,
      state: CourseFileState.NORMAL,
      excludes: excludes.length ? excludes : undefined,
    }),
    10,
  );
  const { data, isFetching } = useFilePagingQuery(visible ? page.request : skipToken);
  const close = (rows?: CourseFileRow[]) => {
    setPicked([]);
    if (rows) onOk(rows);
    else onCancel();
  };

  return (
    <Modal
      title="选择课件"
      visible={visible}
      style={{ width: 800, maxWidth: '95vw' }}
      onCancel={() => close()}
      onOk={() => close(picked)}
      okText={`确定（已选${picked.length}个）`}
      unmountOnExit
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索课件名称" style={{ width: 220 }} onSearch={setTitle} />
        <Select
          allowClear
          placeholder="课件类型"
          style={{ width: 130 }}
          options={TYPE_OPTIONS}
          value={fileType}
          onChange={setFileType}
        />
      </Space>
      <FitTable
        rowKey="id"
        size="small"
        loading={isFetching}
        data={data?.records ?? []}
        pagination={page.pagination(data?.total)}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: picked.map((r) => r.id),
          // Keys from other pages stay picked: the table only reports the rows it shows.
          onSelect: (selected, row) => setPicked(selected ? [...picked, row] : picked.filter((r) => r.id !== row.id)),
          onSelectAll: (selected, rows) => {
            const shown = new Set((data?.records ?? []).map((r) => r.id));
            setPicked(
              selected ? [...picked.filter((r) => !shown.has(r.id)), ...rows] : picked.filter((r) => !shown.has(r.id)),
            );
          },
        }}
        columns={[
          { title: '课件名称', dataIndex: 'title', ellipsis: true },
          { title: '类型', dataIndex: 'fileType_dictText', width: 90 },
          { title: '时长', dataIndex: 'duration', width: 90, render: (v: number) => (v ? durationText(v) : '-') },
        ]}
      />
    </Modal>
  );
}
