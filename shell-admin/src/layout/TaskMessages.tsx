import { Button, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { UnreadBadge, useUnreadPolling } from '@exam/shell';

/** Task messages (spec admin §2): unread in-site messages from the store, opening the learner's message list. */
export function TaskMessages() {
  useUnreadPolling();
  return (
    <Tooltip content="站内信息">
      <UnreadBadge offset={[-4, 4]}>
        <Button
          type="text"
          aria-label="站内信息"
          icon={<IconNotification />}
          // The message list lives in the learner shell: leave with a full page load.
          onClick={() => (location.href = '/pages/uc/im')}
        />
      </UnreadBadge>
    </Tooltip>
  );
}
