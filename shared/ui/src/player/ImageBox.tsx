import { useState, type CSSProperties } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';

/** Drawn, not fetched: the fallback must show even when the file server is what failed. */
const drawn = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180">${svg}</svg>`)}`;
/** A soft diagonal background and a bar under the picture, in one tint per kind; the picture sits in the middle third (exam banners crop to 3:1). */
const frame = (from: string, to: string, accent: string, picture: string) =>
  drawn(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="320" height="180" fill="url(#g)"/>${picture}<rect x="118" y="118" width="84" height="6" rx="3" fill="${accent}" opacity=".35"/>`,
  );

/** Courses: a video screen with a play mark. */
export const DEFAULT_COVER = frame(
  '#e8f3ff',
  '#bedaff',
  '#4080ff',
  '<rect x="130" y="62" width="60" height="42" rx="6" fill="#4080ff" opacity=".85"/><path d="M153 73l16 10-16 10z" fill="#fff"/>',
);
/** Exams: an answer sheet with a tick. */
export const EXAM_COVER = frame(
  '#fff7e8',
  '#ffe4ba',
  '#ff7d00',
  '<rect x="138" y="44" width="44" height="62" rx="4" fill="#fff" stroke="#ff7d00" stroke-width="3"/>' +
    '<rect x="147" y="56" width="26" height="4" rx="2" fill="#ff7d00" opacity=".5"/><rect x="147" y="66" width="26" height="4" rx="2" fill="#ff7d00" opacity=".5"/>' +
    '<rect x="147" y="76" width="14" height="4" rx="2" fill="#ff7d00" opacity=".5"/>' +
    '<circle cx="182" cy="100" r="12" fill="#ff7d00"/><path d="M176 100l4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
);
/** Question banks (and training on them): a stack of question cards with options. */
export const REPO_COVER = frame(
  '#e8ffea',
  '#aff0b5',
  '#00b42a',
  '<rect x="144" y="42" width="46" height="60" rx="4" fill="#00b42a" opacity=".3"/>' +
    '<rect x="134" y="50" width="46" height="60" rx="4" fill="#fff" stroke="#00b42a" stroke-width="3"/>' +
    [64, 77, 90]
      .map(
        (y) =>
          `<circle cx="145" cy="${y}" r="3" fill="#00b42a"/><rect x="152" y="${y - 2}" width="20" height="4" rx="2" fill="#00b42a" opacity=".5"/>`,
      )
      .join(''),
);

/** Battles: two crossed lightning bolts (a contest). */
export const BATTLE_COVER = frame(
  '#ffece8',
  '#fdcdc5',
  '#f53f3f',
  '<path d="M146 42l-14 36h14l-6 30 24-40h-15l9-26z" fill="#f53f3f" opacity=".85"/>' +
    '<path d="M182 42l-12 26h-9l6-26z" fill="#f53f3f" opacity=".35"/>' +
    '<path d="M186 70l-24 38 8-26h-10l6-12z" fill="#f53f3f" opacity=".55"/>',
);

/** What a cover shows when there is none: each kind its own drawing, so an exam or a bank does not look like a video. */
export const COVERS = { course: DEFAULT_COVER, exam: EXAM_COVER, repo: REPO_COVER, battle: BATTLE_COVER } as const;
export type CoverKind = keyof typeof COVERS;

export interface ImageBoxProps {
  src?: string | null;
  alt?: string;
  /** Width over height; 16:9 by default (course covers). */
  ratio?: number;
  style?: CSSProperties;
  /** Whose cover: picks the drawn default (course by default). */
  kind?: CoverKind;
  /** Overrides the kind's drawn default. */
  fallback?: string;
}

/** An image at a fixed ratio that shows the default cover when there is none or it fails to load. */
export function ImageBox({
  src,
  alt = '',
  ratio = 16 / 9,
  style,
  kind = 'course',
  fallback = COVERS[kind],
}: ImageBoxProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : fallback;
  return (
    <div
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: String(ratio),
        overflow: 'hidden',
        background: '#f2f3f5',
        ...style,
      }}
    >
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

/** The 封面 column of admin lists (courses, banks, exams): a small cover, the kind's default one when there is none. */
export function coverColumn<T>(kind: CoverKind = 'course'): TableColumnProps<T> {
  return {
    title: '封面',
    dataIndex: 'cover',
    width: 110,
    render: (v: string) => <ImageBox src={v} kind={kind} style={{ width: 88, borderRadius: 4 }} />,
  };
}
