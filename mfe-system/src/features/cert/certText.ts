import { CERT_SOURCE_TITLES, CertSource } from '@exam/contracts';

/** What a certificate was earned for: 考试：<title>, 课程：<title>, or 手动发放 (whose title is the certificate's own). */
export const sourceText = (r: { sourceType: string; sourceTitle: string }) =>
  r.sourceType === CertSource.MANUAL
    ? CERT_SOURCE_TITLES[CertSource.MANUAL]
    : `${CERT_SOURCE_TITLES[r.sourceType] ?? r.sourceType}：${r.sourceTitle || '-'}`;

/** The source with the score it was earned with, where there is one: 考试：<title>（92分）. */
export const sourceWithScore = (r: { sourceType: string; sourceTitle: string; score: number | null }) =>
  `${sourceText(r)}${r.score === null ? '' : `（${r.score}分）`}`;

/** A line of text cut with an ellipsis (its full text in a title). */
export const ONE_LINE = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
