import { useEffect, useRef, type CSSProperties } from 'react';

/** A live camera picture (muted, mirrored like a mirror so learners can centre their face). */
export function VideoPreview({
  stream,
  style,
  testId,
}: {
  stream: MediaStream | undefined;
  style?: CSSProperties;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.srcObject = stream ?? null;
    if (stream) void v.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      muted
      playsInline
      data-testid={testId}
      data-live={!!stream}
      style={{ background: '#1d2129', objectFit: 'cover', transform: 'scaleX(-1)', ...style }}
    />
  );
}
