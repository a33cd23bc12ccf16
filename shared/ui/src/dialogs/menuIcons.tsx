import {
  IconApps, IconBook, IconBranch, IconBulb, IconCalendar, IconCamera, IconCheckCircle, IconCloud, IconCode, IconCommon, IconCompass,
  IconDashboard, IconDesktop, IconDriveFile, IconEdit, IconEmail, IconExperiment, IconEye, IconFile, IconFire, IconFolder, IconGift,
  IconHeart, IconHome, IconIdcard, IconImage, IconList, IconLiveBroadcast, IconLock, IconMenu, IconMessage, IconMobile, IconNav,
  IconNotification, IconOrderedList, IconPen, IconPublic, IconQuestionCircle, IconSafe, IconSchedule, IconSend, IconSettings,
  IconShareAlt, IconSkin, IconSound, IconStar, IconStorage, IconSubscribe, IconTag, IconTags, IconTool, IconTrophy, IconUser,
  IconUserAdd, IconUserGroup, IconVideoCamera,
} from '@arco-design/web-react/icon';

/**
 * The Arco icons a menu may name in `metaIcon`: one list for the icon picker and the admin sidebar,
 * so whatever the picker offers the sidebar can draw. A fixed list rather than `import *`, which
 * would put all ~280 icons in every bundle.
 */
export const MENU_ICONS: Record<string, typeof IconApps> = {
  IconHome, IconDashboard, IconApps, IconSettings, IconUser, IconUserGroup, IconUserAdd, IconIdcard, IconLock, IconSafe,
  IconFile, IconFolder, IconDriveFile, IconBook, IconEdit, IconPen, IconList, IconOrderedList, IconMenu, IconNav, IconStorage,
  IconCalendar, IconSchedule, IconNotification, IconMessage, IconEmail, IconSend, IconSubscribe, IconVideoCamera, IconCamera,
  IconLiveBroadcast, IconImage, IconSound, IconDesktop, IconMobile, IconCloud, IconPublic, IconCommon, IconCompass, IconTag,
  IconTags, IconTrophy, IconGift, IconStar, IconHeart, IconFire, IconBulb, IconExperiment, IconCheckCircle, IconQuestionCircle,
  IconEye, IconShareAlt, IconSkin, IconTool, IconCode, IconBranch,
};

/** Draws a menu's icon; an unknown or empty name falls back to a generic one. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && MENU_ICONS[name]) || IconApps;
  return <Icon />;
}
