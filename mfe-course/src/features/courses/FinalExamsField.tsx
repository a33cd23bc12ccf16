import { useState } from 'react';
import { Button, Space, Tag } from '@arco-design/web-react';
import { MAX_FINAL_EXAMS } from '@exam/contracts';
import { ExamPickerDialog } from '@exam/ui';

type Exam = { id: string; title: string };

/** 结业考试: exams linked to the course, picked in the exam selection dialog (a form field: value/onChange). */
export function FinalExamsField({ value = [], onChange }: { value?: Exam[]; onChange?: (v: Exam[]) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <div data-testid="final-exams">
      <Space wrap size={4}>
        {value.map((e) => (
          <Tag key={e.id} closable color="arcoblue" onClose={() => onChange?.(value.filter((x) => x.id !== e.id))}>
            {e.title}
          </Tag>
        ))}
        <Button size="small" disabled={value.length >= MAX_FINAL_EXAMS} onClick={() => setPicking(true)}>
          选择考试
        </Button>
      </Space>
      <ExamPickerDialog
        visible={picking}
        excludes={value.map((e) => e.id)}
        onCancel={() => setPicking(false)}
        onOk={(rows) => {
          onChange?.([...value, ...rows.map((r) => ({ id: r.id, title: r.title }))].slice(0, MAX_FINAL_EXAMS));
          setPicking(false);
        }}
      />
    </div>
  );
}
