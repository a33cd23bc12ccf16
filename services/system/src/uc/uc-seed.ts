import { type Tx, newId, schema } from '@exam/server-kit';
import { eq } from 'drizzle-orm';

const DEMO_LEARNER = 'u-learner';

/**
 * Demo data for the user centre (with demo data only): the demo accounts' mobiles become bindings (the
 * binding table is what mobile sign-in reads), and the demo learner gets a message and a few points.
 */
export async function seedUcDemo(tx: Tx) {
  const { sysUser, sysUserMsg, sysUserPoints, sysUserBind } = schema;
  const withMobile = (await tx.select({ id: sysUser.id, mobile: sysUser.mobile }).from(sysUser)).filter((u) => u.mobile);
  if (withMobile.length) {
    await tx.insert(sysUserBind).values(withMobile.map((u) => ({ id: newId(), userId: u.id, loginType: 'mobile', openId: u.mobile })))
      .onConflictDoNothing();
  }
  const [learner] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, DEMO_LEARNER));
  if (!learner) return;
  await tx.insert(sysUserMsg).values({
    id: newId(), userId: DEMO_LEARNER, title: '考试安排提醒', content: '<p>“安全生产知识考试”已开放，请在考试时间内完成作答。</p>',
  });
  await tx.insert(sysUserPoints).values([
    { id: newId(), userId: DEMO_LEARNER, points: 20, remark: '完成课程《安全生产入门》' },
    { id: newId(), userId: DEMO_LEARNER, points: 10, remark: '通过考试' },
  ]);
  await tx.update(sysUser).set({ points: 30 }).where(eq(sysUser.id, DEMO_LEARNER));
}
