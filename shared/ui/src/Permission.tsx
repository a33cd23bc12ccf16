import type { ReactNode } from 'react';
import { usePermission } from '@exam/store';

export interface PermissionProps {
  /** Shown when the user holds any of these codes. */
  codes: string[];
  children?: ReactNode;
}

/** Spec admin §5/§6: renders children only for holders of one listed code; an empty list is a bug. */
export function Permission({ codes, children }: PermissionProps) {
  const allowed = usePermission(codes);
  if (codes.length === 0) throw new Error('无相关权限！');
  return allowed ? <>{children}</> : null;
}
