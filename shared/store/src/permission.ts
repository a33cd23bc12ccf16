import { selectPermissions } from './session';
import { useAppSelector } from './store';

/** Spec admin §6: passes if the user holds any listed code; an empty list never passes. */
export function hasPermission(permissions: readonly string[], codes: readonly string[]): boolean {
  return codes.some((code) => permissions.includes(code));
}

export function usePermission(codes: readonly string[]): boolean {
  return hasPermission(useAppSelector(selectPermissions), codes);
}
