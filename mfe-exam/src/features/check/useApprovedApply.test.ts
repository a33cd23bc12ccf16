import { describe, expect, it } from '@rstest/core';
import type { ApplyRow } from '@exam/contracts';
import { hasUnusedApproval } from './useApprovedApply';

const row = (userId: string, auditUsed: boolean, auditState = 1) => ({ userId, auditUsed, auditState }) as ApplyRow;
const page = (records: ApplyRow[], total = records.length) => ({ records, total, pages: 1, current: 1, size: 100 });

describe('approved exam application', () => {
  it("is true only for the user's own approved, unused application", () => {
    expect(hasUnusedApproval(page([row('u1', false)]), 'u1')).toBe(true);
    expect(hasUnusedApproval(page([row('u1', true)]), 'u1')).toBe(false);
    expect(hasUnusedApproval(page([row('u1', false, 2)]), 'u1')).toBe(false);
    expect(hasUnusedApproval(page([row('u2', false)]), 'u1')).toBe(false);
    expect(hasUnusedApproval(page([]), 'u1')).toBe(false);
  });

  it("is unknown when the list does not fit one page (an admin sees everybody's)", () => {
    expect(hasUnusedApproval(page([row('u2', false)], 150), 'u1')).toBeUndefined();
  });
});
