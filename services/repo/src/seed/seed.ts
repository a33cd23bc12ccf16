import { type Seed, schema, seedOnce } from '@exam/server-kit';
import { insertNewQuestions, recountRepo } from '../qu/qu-repository';
import { DEMO_QUESTIONS } from './demo-questions';

/** Demo banks for the embedded mode. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'repo-demo', async (tx) => {
    await tx.insert(schema.elRepo).values([
      { id: 'r-demo-1', title: '安全生产知识题库', catId: 'safety', isOpen: true, createBy: 'u-admin' },
      { id: 'r-demo-2', title: '计算机基础题库', catId: 'tech', isOpen: true, createBy: 'u-admin' },
    ]);
  });
  // Questions of every type in both demo banks (the exam issue draws its demo paper from them).
  await seedOnce(db, 'repo-demo-questions', async (tx) => {
    for (const [repoId, drafts] of Object.entries(DEMO_QUESTIONS)) {
      await insertNewQuestions(
        tx,
        drafts.map((d, i) => ({ req: { ...d, repoId }, sort: i + 1 })),
        'u-admin',
      );
      await recountRepo(tx, repoId);
    }
  });
};
