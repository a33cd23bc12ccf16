import type { Ref } from 'react';
import { Badge, type BadgeProps } from '@arco-design/web-react';
import { selectUnread, useAppSelector } from '@exam/store';

/** Spec §4: the header shows at most 99. */
const UNREAD_MAX = 99;

/** The badge's text: none at 0, "99+" above the maximum. */
const unreadText = (count: number): string | undefined =>
  count > 0 ? (count > UNREAD_MAX ? `${UNREAD_MAX}+` : String(count)) : undefined;

/**
 * Both shells' unread-message badge on what it wraps. Arco's `text` badge has the number badge's look but no entry
 * animation: the number badge's animation reads the layout as it mounts (react-transition-group's reflow), a whole
 * page layout forced in the middle of a render (100 ms at 4× CPU on a cold exam list).
 */
export function UnreadBadge(props: Omit<BadgeProps, 'count' | 'maxCount' | 'text'> & { ref?: Ref<HTMLSpanElement> }) {
  const unread = useAppSelector(selectUnread);
  // The rest (a wrapping Tooltip's ref and handlers included) goes to the badge's element, as with Badge itself.
  return <Badge {...props} text={unreadText(unread)} />;
}
