import { CertSource } from '@exam/contracts';
import { fmtTime, jobQueue, type Seed, schema, seedOnce, sendUserMessages } from '@exam/server-kit';
import { eq } from 'drizzle-orm';
import { certNumber, newCertCode } from '../grant/codes';
import { CERT_QUEUES, grantMessage } from '../grant/grant-service';

/** The demo template: A4 landscape, Chinese text, the verification QR code, no seal (positions in points from the top left). */
export const DEMO_ELEMENTS = [
  { type: 'title', x: 421, y: 70, fontSize: 34, color: '#8b1a1a', align: 'center' },
  { type: 'realName', x: 421, y: 170, fontSize: 26, color: '#222222', align: 'center', text: '兹证明 {} 同志' },
  { type: 'sourceTitle', x: 421, y: 230, fontSize: 18, color: '#333333', align: 'center', text: '获证项目：{}' },
  { type: 'score', x: 421, y: 270, fontSize: 18, color: '#333333', align: 'center', text: '成绩：{}' },
  { type: 'text', x: 421, y: 320, fontSize: 18, color: '#333333', align: 'center', text: '特发此证。' },
  { type: 'number', x: 70, y: 480, fontSize: 12, color: '#555555', align: 'left', text: '证书编号：{}' },
  { type: 'grantDate', x: 70, y: 502, fontSize: 12, color: '#555555', align: 'left', text: '发证日期：{}' },
  { type: 'expireDate', x: 70, y: 524, fontSize: 12, color: '#555555', align: 'left', text: '有效期至：{}' },
  { type: 'qrcode', x: 680, y: 400, width: 100 },
  { type: 'text', x: 730, y: 506, fontSize: 10, color: '#555555', align: 'center', text: '扫码验证真伪' },
];

/** The rules: the demo exam's and the demo course's (granted as learners pass or finish them), and a manual one. */
const RULES = {
  exam: { id: 'cr-demo-exam', title: '安全生产考试合格证书', sourceType: CertSource.EXAM, sourceId: 'e-demo-1' },
  course: { id: 'cr-demo-course', title: '安全生产入门结业证书', sourceType: CertSource.COURSE, sourceId: 'c-demo-1' },
  manual: {
    id: 'cr-demo-manual',
    title: '安全生产优秀学员',
    sourceType: CertSource.MANUAL,
    sourceId: 'cr-demo-manual',
  },
};

/**
 * Demo certificates: a template, rules for the demo exam and course, and one certificate for the demo learner so 我的证书
 * is not empty. The learner has passed and finished nothing in the demo data, so theirs is a manual grant (an award by
 * the admin); passing the demo exam or finishing the demo course grants the others.
 */
export const seed: Seed = async (db, config) => {
  if (!config.demoData) return;
  await seedOnce(db, 'cert-demo', async (tx) => {
    const { certTmpl, certRule, certGrant, sysUser, sysDepart } = schema;
    await tx.insert(certTmpl).values({
      id: 'ct-demo-1',
      name: '培训证书（A4 横向）',
      pageSize: 'A4',
      orientation: 'landscape',
      elements: DEMO_ELEMENTS,
    });
    const rule = { tmplId: 'ct-demo-1', numYear: true, numDigits: 6 };
    await tx.insert(certRule).values([
      { ...rule, ...RULES.exam, validMonths: 24, numPrefix: 'AQ' },
      { ...rule, ...RULES.course, validMonths: 0, numPrefix: 'JY' },
      { ...rule, ...RULES.manual, validMonths: 0, numPrefix: 'RY', seq: 1 },
    ]);

    const [learner] = await tx
      .select({ id: sysUser.id, realName: sysUser.realName, deptName: sysDepart.deptName })
      .from(sysUser)
      .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
      .where(eq(sysUser.id, 'u-learner'));
    if (!learner) return;
    const id = 'cg-demo-1';
    const now = new Date();
    await tx.insert(certGrant).values({
      id,
      code: newCertCode(),
      number: certNumber({ numPrefix: 'RY', ...rule }, 1, fmtTime(now).slice(0, 4)),
      ruleId: RULES.manual.id,
      tmplId: 'ct-demo-1',
      userId: learner.id,
      realName: learner.realName,
      deptName: learner.deptName ?? '',
      title: RULES.manual.title,
      sourceType: CertSource.MANUAL,
      sourceId: RULES.manual.sourceId,
      sourceTitle: RULES.manual.title,
      grantTime: now,
    });
    // As a grant does: its PDF is rendered by the service's worker, the holder is told in 站内信息.
    await jobQueue(db).enqueue(tx, CERT_QUEUES.RENDER, { grantId: id });
    await sendUserMessages(tx, [grantMessage(learner.id, RULES.manual.title)]);
  });
};
