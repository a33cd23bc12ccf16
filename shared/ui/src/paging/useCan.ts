import { hasPermission, selectPermissions, useAppSelector } from '@exam/store';

/** Whether an action gated by `permission` is open: no permission means open (spec admin §2). */
export function useCan(): (permission?: string) => boolean {
  const held = useAppSelector(selectPermissions);
  return (permission) => !permission || hasPermission(held, [permission]);
}
