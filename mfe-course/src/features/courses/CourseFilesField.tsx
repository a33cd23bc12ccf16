import { useState } from 'react';
import { Button, Empty, Input, Space, Tag } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { CourseFileDraft } from './courseSaveBody';
import { CoursewarePicker } from './CoursewarePicker';

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** The course's coursewares in study order, each with an optional chapter title. */
export function CourseFilesField({
  value,
  onChange,
}: {
  value: CourseFileDraft[];
  onChange: (files: CourseFileDraft[]) => void;
}) {
  const [picking, setPicking] = useState(false);
  const set = (i: number, patch: Partial<CourseFileDraft>) =>
    onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <div style={{ width: '100%' }}>
      {value.length === 0 && <Empty description="还没有课件，请添加" style={{ padding: 8 }} />}
      {value.map((f, i) => (
        <div
          key={f.fileId}
          style={{
            display: 'flex',
            gap: 8,
            alignItems: 'center',
            flexWrap: 'wrap',
            padding: '6px 0',
            borderBottom: '1px solid var(--color-border-1)',
          }}
        >
          <span style={{ width: 20, color: 'var(--color-text-3)' }}>{i + 1}</span>
          <Tag size="small">{f.fileType_dictText}</Tag>
          <span style={{ flex: 1, minWidth: 120 }}>{f.title}</span>
          <Input
            size="small"
            placeholder="章节（可选）"
            style={{ width: 140 }}
            maxLength={100}
            value={f.chapter ?? ''}
            onChange={(chapter) => set(i, { chapter: chapter || undefined })}
          />
          <Space size={2}>
            <Button
              size="mini"
              icon={<IconArrowUp />}
              disabled={i === 0}
              onClick={() => onChange(move(value, i, i - 1))}
              aria-label="上移"
            />
            <Button
              size="mini"
              icon={<IconArrowDown />}
              disabled={i === value.length - 1}
              onClick={() => onChange(move(value, i, i + 1))}
              aria-label="下移"
            />
            <Button
              size="mini"
              status="danger"
              icon={<IconDelete />}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              aria-label="移除"
            />
          </Space>
        </div>
      ))}
      <Button type="dashed" long icon={<IconPlus />} style={{ marginTop: 8 }} onClick={() => setPicking(true)}>
        添加课件
      </Button>
      <CoursewarePicker
        visible={picking}
        excludes={value.map((f) => f.fileId)}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          onChange([
            ...value,
            ...rows.map((r) => ({ fileId: r.id, title: r.title, fileType_dictText: r.fileType_dictText })),
          ]);
          setPicking(false);
        }}
      />
    </div>
  );
}
