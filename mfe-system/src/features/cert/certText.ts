import { CERT_SOURCE_TITLES, CertSource } from '@exam/contracts';

/** What a certificate was earned for: 考试：<title>, 课程：<title>, or 手动发放 (whose title is the certificate's own). */
export const sourceText = (r: { sourceType: string; sourceTitle: string }) =>
  r.sourceType === CertSource.MANUAL
    ? CERT_SOURCE_TITLES[CertSource.MANUAL]
    : `${CERT_SOURCE_TITLES[r.sourceType] ?? r.sourceType}：${r.sourceTitle || '-'}`;
