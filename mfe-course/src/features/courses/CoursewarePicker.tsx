import { useState } from 'react';
import { Modal, type TableColumnProps } from '@arco-design/web-react';
import { CourseFileCalls, CourseFileState, type CourseFileRow } from '@exam/contracts';
import { PickTable, compactFilters, usePicks } from '@exam/ui';
import { durationText } from '../../common/format';
import { FileFilters } from '../files/FileFilters';

const columns: TableColumnProps<CourseFileRow>[] = [
  { title: '课件名称', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'fileType_dictText', width: 90 },
  { title: '时长', dataIndex: 'duration', width: 90, render: (v: number) => (v ? durationText(v) : '-') },
];

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
  const picks = usePicks<CourseFileRow>();
  const params = compactFilters({
    title,
    fileType,
    state: CourseFileState.NORMAL,
    excludes: excludes.length ? excludes : undefined,
  });
  const close = (rows?: CourseFileRow[]) => {
    picks.clear();
    if (rows) onOk(rows);
    else onCancel();
  };

  return (
    <Modal
      title="选择课件"
      visible={visible}
      style={{ width: 800, maxWidth: '95vw' }}
      onCancel={() => close()}
      onOk={() => close(picks.list)}
      okText={`确定（已选${picks.list.length}个）`}
      unmountOnExit
    >
      <FileFilters onTitle={setTitle} fileType={fileType} onFileType={setFileType} />
      <PickTable url={CourseFileCalls.paging.url} params={params} columns={columns} picks={picks} />
    </Modal>
  );
}
