import { useState, type CSSProperties } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';

/** Drawn, not fetched: the fallback must show even when the file server is what failed. */
export const DEFAULT_COVER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#e8f3ff"/><stop offset="1" stop-color="#bedaff"/></linearGradient></defs>' +
      '<rect width="320" height="180" fill="url(#g)"/><rect x="130" y="62" width="60" height="42" rx="6" fill="#4080ff" opacity=".85"/>' +
      '<path d="M153 73l16 10-16 10z" fill="#fff"/><rect x="118" y="114" width="84" height="6" rx="3" fill="#4080ff" opacity=".35"/></svg>',
  );

export interface ImageBoxProps {
  src?: string | null;
  alt?: string;
  /** Width over height; 16:9 by default (course covers). */
  ratio?: number;
  style?: CSSProperties;
  fallback?: string;
}

/** An image at a fixed ratio that shows the default cover when there is none or it fails to load. */
export function ImageBox({ src, alt = '', ratio = 16 / 9, style, fallback = DEFAULT_COVER }: ImageBoxProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : fallback;
  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: String(ratio), overflow: 'hidden', background: '#f2f3f5', ...style }}>
      <img
        src={shown}
        alt={alt}
        // A drawn cover costs no download; lazy, it would only paint later (often the largest thing on a page).
        loading={shown.startsWith('data:') ? undefined : 'lazy'}
        onError={() => src && setFailed(src)}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </div>
  );
}

/** The 封面 column of admin lists (courses, banks, exams): a small cover, the default one when there is none. */
export function coverColumn<T>(): TableColumnProps<T> {
  return { title: '封面', dataIndex: 'cover', width: 110, render: (v: string) => <ImageBox src={v} style={{ width: 88, borderRadius: 4 }} /> };
}
