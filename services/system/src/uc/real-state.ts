/** Real-name request states: 0 待审核, 1 已认证, 2 未通过; -1 when nothing was submitted. */
export const REAL = { NONE: -1, PENDING: 0, PASSED: 1, REJECTED: 2 } as const;
