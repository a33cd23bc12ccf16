import { useState } from 'react';
import { Button, Input, Modal, Tooltip } from '@arco-design/web-react';
import { MENU_ICONS } from './menuIcons';

export interface IconPickerDialogProps {
  visible: boolean;
  value?: string;
  onCancel: () => void;
  onPick: (name: string) => void;
}

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(8, 1fr)',
  gap: 8,
  maxHeight: 360,
  overflow: 'auto',
} as const;

/** 选择图标 (spec admin §2): the menu icons in a grid, filtered by name; a click picks one. */
export function IconPickerDialog({ visible, value, onCancel, onPick }: IconPickerDialogProps) {
  const [text, setText] = useState('');
  const names = Object.keys(MENU_ICONS).filter((n) => n.toLowerCase().includes(text.trim().toLowerCase()));
  return (
    <Modal title="选择图标" visible={visible} onCancel={onCancel} footer={null} style={{ width: 640 }} unmountOnExit>
      <Input.Search
        allowClear
        placeholder="输入图标名称过滤"
        value={text}
        onChange={setText}
        style={{ marginBottom: 12 }}
      />
      <div style={grid}>
        {names.map((name) => {
          const Icon = MENU_ICONS[name];
          return (
            <Tooltip key={name} content={name} mini>
              <Button
                aria-label={name}
                type={name === value ? 'primary' : 'secondary'}
                icon={<Icon style={{ fontSize: 20 }} />}
                style={{ height: 44 }}
                onClick={() => onPick(name)}
              />
            </Tooltip>
          );
        })}
      </div>
    </Modal>
  );
}
