import { Button, Dropdown, Menu, Message, Tooltip } from '@arco-design/web-react';
import { IconFontColors } from '@arco-design/web-react/icon';
import { useLocation, useNavigate } from '@exam/router';
import { SIZE_OPTIONS, writeSize, type SizeName } from '../preferences/cookies';

/** Font-size select (spec admin §2): saves the choice, then re-enters the page via /redirect. */
export function SizeSelect({ size, onChange }: { size: SizeName; onChange: (size: SizeName) => void }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  const choose = (value: string) => {
    const next = value as SizeName;
    writeSize(next);
    onChange(next);
    Message.success('字体切换成功！');
    navigate(`/redirect${pathname}${search}`, { replace: true });
  };

  const menu = (
    <Menu selectedKeys={[size]} onClickMenuItem={choose}>
      {SIZE_OPTIONS.map((o) => (
        <Menu.Item key={o.value} disabled={o.value === size}>
          {o.label}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="br">
      <Tooltip content="字体大小">
        <Button type="text" aria-label="字体大小" icon={<IconFontColors />} />
      </Tooltip>
    </Dropdown>
  );
}
