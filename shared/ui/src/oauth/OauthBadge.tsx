import type { OauthType } from '@exam/contracts';

/** The providers' colours; a badge with the first character of the name (no third-party logos shipped). */
const LOOK: Record<OauthType, { bg: string; ch: string }> = {
  wechat: { bg: '#07c160', ch: '微' },
  crop: { bg: '#2b7cef', ch: '企' },
  ding: { bg: '#1677ff', ch: '钉' },
};

export function OauthBadge({
  type,
  size = 28,
  gap = 0,
}: {
  type: OauthType;
  size?: number /** Space after it (as a button's icon). */;
  gap?: number;
}) {
  const look = LOOK[type];
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        background: look.bg,
        color: '#fff',
        fontSize: size * 0.5,
        fontWeight: 600,
        flex: 'none',
        marginRight: gap,
        verticalAlign: 'middle',
      }}
    >
      {look.ch}
    </span>
  );
}
