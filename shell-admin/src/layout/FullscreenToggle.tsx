import { useEffect, useState } from 'react';
import { Button, Message, Tooltip } from '@arco-design/web-react';
import { IconFullscreen, IconFullscreenExit } from '@arco-design/web-react/icon';

/** Fullscreen toggle; browsers without the API get a warning (spec admin §8). */
export function FullscreenToggle() {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      Message.warning('您的浏览器不支持全屏！');
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <Tooltip content={full ? '退出全屏' : '全屏'}>
      <Button
        type="text"
        aria-label="全屏"
        icon={full ? <IconFullscreenExit /> : <IconFullscreen />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
