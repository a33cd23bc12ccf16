import { useEffect } from 'react';
import { Badge, Button, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { selectUnread, startUnreadPolling, useAppDispatch, useAppSelector } from '@exam/store';

/** Task messages (spec admin §2): unread in-site messages from the store, opening the learner's message list. */
export function TaskMessages() {
  const unread = useAppSelector(selectUnread);
  const dispatch = useAppDispatch();
  // Spec admin §4: unread messages are polled every 30 s while signed in.
  useEffect(() => startUnreadPolling(dispatch), [dispatch]);
  return (
    <Tooltip content="站内信息">
      <Badge count={unread} maxCount={99} dot={false} offset={[-4, 4]}>
        <Button
          type="text"
          aria-label="站内信息"
          icon={<IconNotification />}
          // The message list lives in the learner shell: leave with a full page load.
          onClick={() => (location.href = '/pages/uc/im')}
        />
      </Badge>
    </Tooltip>
  );
}
