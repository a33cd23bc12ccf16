// One icon list for the sidebar and the menu editor's icon picker (shared/ui).
export { MenuIcon } from '@exam/ui';
