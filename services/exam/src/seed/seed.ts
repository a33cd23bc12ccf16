import { type Seed, schema, seedOnce } from '@exam/server-kit';

/** A demo exam open to every learner now and for a year. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'exam-demo', async (tx) => {
    const now = Date.now();
    await tx.insert(schema.elExam).values({
      id: 'e-demo-1', title: '安全生产知识考试', startTime: new Date(now - 3600_000), endTime: new Date(now + 365 * 86400_000),
      totalTime: 30, totalScore: 100, qualifyScore: 60, chance: 0, createBy: 'u-admin',
    });
  });
};
