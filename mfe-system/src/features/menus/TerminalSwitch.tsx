import { Radio } from '@arco-design/web-react';

/** The shell whose menus are shown. */
export type Terminal = 'admin' | 'web';

const TERMINALS = [
  { value: 'admin', label: '管理后台' },
  { value: 'web', label: '学员前台' },
];

/** Switches between the admin's and the learner's menus (menu list, a role's menus). */
export function TerminalSwitch({ value, onChange }: { value: Terminal; onChange: (terminal: Terminal) => void }) {
  return <Radio.Group type="button" value={value} onChange={onChange} options={TERMINALS} />;
}
