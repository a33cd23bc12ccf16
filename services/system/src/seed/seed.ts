import { RoleType } from '@exam/contracts';
import { type Seed, type Tx, hashPassword, newId, schema, seedOnce } from '@exam/server-kit';
import { seedUcDemo } from '../uc/uc-seed';
import { syncDicts, syncMenus } from './sync';

const { sysConfig, sysDepart, sysRole, sysUser, sysUserRole, sysNotice } = schema;

/** First start: the structure every installation needs; with demo data, accounts to try it at once. */
export const seed: Seed = async (db, config) => {
  await seedOnce(db, 'system', async (tx) => {
    await tx.insert(sysDepart).values([
      { id: 'd-root', parentId: '0', deptName: '云帆科技', deptCode: 'A01', sort: 1 },
      { id: 'd-tech', parentId: 'd-root', deptName: '技术部', deptCode: 'A01A01', sort: 1 },
      { id: 'd-market', parentId: 'd-root', deptName: '市场部', deptCode: 'A01A02', sort: 2 },
      { id: 'd-hr', parentId: 'd-root', deptName: '人力资源部', deptCode: 'A01A03', sort: 3 },
    ]);
    await tx.insert(sysRole).values([
      { id: 'sa', roleName: '超级管理员', roleType: RoleType.ADMIN, roleLevel: 9, remark: '拥有全部权限' },
      { id: 'teacher', roleName: '教师', roleType: RoleType.ADMIN, roleLevel: 5, remark: '管理考试、题库与课程' },
      { id: 'student', roleName: '学员', roleType: RoleType.LEARNER, roleLevel: 1, remark: '学习与考试' },
    ]);
    await tx.insert(sysConfig).values({
      id: '1',
      siteName: '云帆培训考试系统',
      copyRight: '<p>© 2026 云帆培训考试系统 保留所有权利</p>',
      tmpDir: '/tmp/',
      h5Host: '/h5/',
      props: { moduleCourse: true, moduleExam: true, moduleBattle: true, moduleCert: true },
      switchConfig: {
        userReg: true,
        userAudit: false,
        userDeptType: 0,
        userDeptCode: 'A01',
        mobileLogin: false,
        wechatLogin: false,
        faceLogin: false,
        cropLogin: false,
        dingLogin: false,
        realPerson: false,
        faceAudit: 'no',
        loginTick: 0,
      },
    });
  });
  // Menus and dictionaries added by later versions reach databases seeded before them.
  await db.transaction(async (tx) => {
    await syncMenus(tx);
    await syncDicts(tx);
  });
  if (config.demoData) await seedOnce(db, 'system-demo', seedDemo);
  if (config.demoData) await seedOnce(db, 'system-uc-demo', seedUcDemo);
};

async function seedDemo(tx: Tx) {
  const [admin, learner] = await Promise.all([hashPassword('Admin@2026'), hashPassword('Learner@2026')]);
  await tx.insert(sysUser).values([
    { id: 'u-admin', userName: 'admin', realName: '系统管理员', password: admin, deptCode: 'A01' },
    {
      id: 'u-learner',
      userName: 'learner',
      realName: '张小明',
      password: learner,
      deptCode: 'A01A01',
      mobile: '13800000001',
    },
    {
      id: 'u-learner2',
      userName: 'learner2',
      realName: '李小红',
      password: learner,
      deptCode: 'A01A02',
      mobile: '13800000002',
    },
  ]);
  await tx.insert(sysUserRole).values([
    { userId: 'u-admin', roleId: 'sa' },
    { userId: 'u-learner', roleId: 'student' },
    { userId: 'u-learner2', roleId: 'student' },
  ]);
  await tx.insert(sysNotice).values([
    {
      id: newId(),
      title: '欢迎使用云帆培训考试系统',
      content: '<p>请在“在线考试”中查看您的考试安排，考试期间请保持网络畅通。</p>',
      createBy: 'u-admin',
    },
    {
      id: newId(),
      title: '年度安全生产培训通知',
      content: '<p>全体员工须于本月底前完成安全生产课程学习。</p>',
      createBy: 'u-admin',
    },
  ]);
}
