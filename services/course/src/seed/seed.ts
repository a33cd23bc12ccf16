import { type Seed, schema, seedOnce } from '@exam/server-kit';

/** A demo course for the embedded mode. */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'course-demo', async (tx) => {
    await tx.insert(schema.elCourse).values({ id: 'c-demo-1', title: '安全生产入门', catId: 'safety', contentText: '企业安全生产的基本知识与规范。', createBy: 'u-admin' });
  });
};
