import { Tag, Tooltip } from '@arco-design/web-react';
import { CERT_STATE_TITLES, CertState } from '@exam/contracts';

const COLORS: Record<string, string> = {
  [CertState.VALID]: 'green',
  [CertState.REVOKED]: 'red',
  [CertState.EXPIRED]: 'gray',
};

/** A certificate's state; a revoked one tells when (and, where given, why) on hover. */
export function CertStateTag({ state, revokeTime, reason }: { state: string; revokeTime?: string; reason?: string }) {
  const tag = <Tag color={COLORS[state]}>{CERT_STATE_TITLES[state] ?? state}</Tag>;
  if (state !== CertState.REVOKED || !revokeTime) return tag;
  return <Tooltip content={`${revokeTime} 撤销${reason ? `：${reason}` : ''}`}>{tag}</Tooltip>;
}
