import Cookies from 'js-cookie';

/** Spec admin §2: sidebar state and size preference are remembered in cookies. */
const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

export type SizeName = 'default' | 'medium' | 'small' | 'mini';

export const SIZE_OPTIONS: { value: SizeName; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'medium', label: 'Medium' },
  { value: 'small', label: 'Small' },
  { value: 'mini', label: 'Mini' },
];

/** The spec's four sizes on Arco's scale (its "default" is the spec's "medium"). */
export const ARCO_SIZE = { default: 'large', medium: 'default', small: 'small', mini: 'mini' } as const;

export const readSidebarCollapsed = () => Cookies.get(SIDEBAR_COOKIE) === '0';
export const writeSidebarCollapsed = (collapsed: boolean) => Cookies.set(SIDEBAR_COOKIE, collapsed ? '0' : '1');

export function readSize(): SizeName {
  const value = Cookies.get(SIZE_COOKIE);
  return SIZE_OPTIONS.some((o) => o.value === value) ? (value as SizeName) : 'medium';
}
export const writeSize = (size: SizeName) => Cookies.set(SIZE_COOKIE, size);
