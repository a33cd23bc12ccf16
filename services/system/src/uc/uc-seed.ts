import { type Tx, newId, schema } from '@exam/server-kit';

/**
 * Demo data for the user centre (with demo data only): the demo accounts' mobiles become bindings (the
 * binding table is what mobile sign-in reads). Messages and points come with what they are about: the
 * exam seed's reminder names its exam, the course seed gives the points for its points course, logged.
 */
export async function seedUcDemo(tx: Tx) {
  const { sysUser, sysUserBind } = schema;
  const withMobile = (await tx.select({ id: sysUser.id, mobile: sysUser.mobile }).from(sysUser)).filter(
    (u) => u.mobile,
  );
  if (withMobile.length) {
    await tx
      .insert(sysUserBind)
      .values(withMobile.map((u) => ({ id: newId(), userId: u.id, loginType: 'mobile', openId: u.mobile })))
      .onConflictDoNothing();
  }
}
