import { type ApplyRow, AuditState, type Paging } from '@exam/contracts';
import { useApprovedAppliesQuery } from './learnerApi';

/** Enough for one learner's approved applications to one exam. */
const LOOKUP_SIZE = 100;

/**
 * Whether the page shows an approved, unused application of the user: true or false, or undefined when
 * it cannot tell (an admin's list is everybody's and may not fit one page).
 */
export function hasUnusedApproval(page: Paging<ApplyRow>, userId: string | undefined): boolean | undefined {
  if (page.records.some((r) => r.userId === userId && r.auditState === AuditState.APPROVED && !r.auditUsed))
    return true;
  return page.total > page.records.length ? undefined : false;
}

/**
 * An approved, unused application stands in for the exam password once (create-paper spends it), so
 * the check page lets such a learner start without one. undefined: unknown (the lookup failed): the
 * page then lets the learner try, and create-paper's refusal says what is missing.
 */
export function useApprovedApply(examId: string, userId: string | undefined): boolean | undefined {
  const { data, isError } = useApprovedAppliesQuery(
    { current: 1, size: LOOKUP_SIZE, params: { examId, auditState: AuditState.APPROVED } },
    { refetchOnMountOrArgChange: true },
  );
  if (isError) return undefined;
  return data ? hasUnusedApproval(data, userId) : false;
}
