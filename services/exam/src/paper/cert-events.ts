import { CERT_EVENT_QUEUES, type CertEventPayload } from '@exam/contracts';
import { type Db, type Tx, jobQueue } from '@exam/server-kit';

/**
 * Tells the certificate service of papers finally graded as passed, in the transaction that records the result. Only
 * the two moves to 已考完 call it (the grading of a paper in 阅卷中, the review publishing one in 待阅卷), each once per
 * paper; a learner passing again enqueues again, which the certificate side's one grant per rule and learner absorbs.
 */
export async function paperPassed(db: Db, tx: Tx, passed: CertEventPayload[]) {
  await jobQueue(db).enqueueAll(tx, CERT_EVENT_QUEUES.PAPER_PASSED, passed);
}
