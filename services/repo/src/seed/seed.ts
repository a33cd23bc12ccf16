import { type Seed, schema, seedOnce } from '@exam/server-kit';

/** Demo banks for the embedded mode. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'repo-demo', async (tx) => {
    await tx.insert(schema.elRepo).values([
      { id: 'r-demo-1', title: '安全生产知识题库', catId: 'safety', isOpen: true, createBy: 'u-admin' },
      { id: 'r-demo-2', title: '计算机基础题库', catId: 'tech', isOpen: true, createBy: 'u-admin' },
    ]);
  });
};
