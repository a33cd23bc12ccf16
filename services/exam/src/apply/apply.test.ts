import { schema } from '@exam/server-kit';
import { call, dataUrlJpeg, decided, FACE_PHOTOS } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { graded, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const A = '/api/exam/apply';
const apply = (examId: string, applyMsg: string, token = ctx.learner) =>
  call(ctx.app, `${A}/save`, { examId, applyMsg }, token);
const row = async (id: string) =>
  (await ctx.app.db.select().from(schema.elExamApply).where(eq(schema.elExamApply.id, id)))[0];
const paper = async (id: string) =>
  (await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, id)))[0];

describe('exam applications', () => {
  it('a learner applies once per pending application, with a reason, to an exam they may take', async () => {
    const examId = await saveExam(ctx, { openType: 9, password: 'pw-apply' });
    const empty = await apply(examId, '  ');
    expect([empty.status, empty.body.msg]).toEqual([400, '申请理由不能为空！']);
    expect((await apply('nope', '摄像头坏了')).status).toBe(404);
    const hidden = await saveExam(ctx, { openType: 3, userIds: ['u-learner2'] });
    expect((await apply(hidden, '摄像头坏了')).status).toBe(404);
    const ok = await apply(examId, ' 摄像头坏了 ');
    expect(ok.status).toBe(200);
    expect(await row(ok.body.data.id)).toMatchObject({
      examId,
      userId: 'u-learner',
      applyMsg: '摄像头坏了',
      auditState: 0,
      auditUsed: false,
    });
    const twice = await Promise.all([apply(examId, '再次申请'), apply(examId, '再次申请')]);
    expect(twice.map((r) => [r.status, r.body.msg])).toEqual([
      [400, '您已提交过申请，请等待审核！'],
      [400, '您已提交过申请，请等待审核！'],
    ]);

    // The learner pages their own; the admin pages all.
    await apply(examId, '忘记密码', ctx.learner2);
    const mine = (await call(ctx.app, `${A}/paging`, { params: { examId } }, ctx.learner)).body.data;
    expect(mine.records.map((r: { applyUser_dictText: string }) => r.applyUser_dictText)).toHaveLength(1);
    const all = (await call(ctx.app, `${A}/paging`, { params: { examId } }, ctx.admin)).body.data;
    expect(all.total).toBe(2);
    expect(all.records[0]).toMatchObject({
      examId,
      auditState: 0,
      auditBy_dictText: '',
      auditTime: '',
      auditUsed: false,
    });
  });

  it('audits pending applications; a refusal needs an opinion; an approval lets the learner in once without the password', async () => {
    const examId = await saveExam(ctx, { openType: 9, password: 'pw-apply' });
    const id = (await apply(examId, '忘记密码')).body.data.id;
    const refuse = await call(ctx.app, `${A}/audit`, { ids: [id], auditState: 2, auditMsg: ' ' }, ctx.admin);
    expect([refuse.status, refuse.body.msg]).toEqual([400, '审核意见不能为空！']);
    expect((await call(ctx.app, `${A}/audit`, { ids: [id], auditState: 3 }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${A}/audit`, { ids: [id, 'nope'], auditState: 1 }, ctx.admin)).status).toBe(404);
    expect((await row(id)).auditState).toBe(0);

    // Not approved yet: the password is still needed.
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner)).body.msg).toBe(
      '请输入考试密码！',
    );
    expect((await call(ctx.app, `${A}/audit`, { ids: [id], auditState: 1 }, ctx.admin)).status).toBe(200);
    expect(await row(id)).toMatchObject({ auditState: 1, auditBy: 'u-admin', auditUsed: false });
    expect(
      (await call(ctx.app, `${A}/audit`, { ids: [id], auditState: 2, auditMsg: '不同意' }, ctx.admin)).body.msg,
    ).toBe('申请已审核，请勿重复审核！');

    // Concurrent double click: one paper, the application used once.
    const rs = await Promise.all(
      [1, 2].map(() => call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner)),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    expect(rs[0].body.data.id).toBe(rs[1].body.data.id);
    expect((await row(id)).auditUsed).toBe(true);
    await call(ctx.app, '/api/paper/paper/hand-exam', { id: rs[0].body.data.id }, ctx.learner);
    await graded(ctx.app);
    // Used: the next paper needs the password again.
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner)).body.msg).toBe(
      '请输入考试密码！',
    );
    const listed = (await call(ctx.app, `${A}/paging`, { params: { examId } }, ctx.admin)).body.data.records[0];
    expect(listed).toMatchObject({ auditState: 1, auditUsed: true, auditBy_dictText: expect.any(String) });
    expect(listed.auditBy_dictText).not.toBe('');

    const id2 = (await apply(examId, '再申请', ctx.learner2)).body.data.id;
    expect(
      (await call(ctx.app, `${A}/audit`, { ids: [id2], auditState: 2, auditMsg: '理由不充分' }, ctx.admin)).status,
    ).toBe(200);
    expect(await row(id2)).toMatchObject({ auditState: 2, auditMsg: '理由不充分' });
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner2)).body.msg).toBe(
      '请输入考试密码！',
    );
    expect((await call(ctx.app, `${A}/delete`, { ids: [id2] }, ctx.admin)).status).toBe(200);
    expect(await row(id2)).toBeUndefined();
  });

  it('on a face-check exam an approved application is spent and its paper is never handed in for face failures', async () => {
    const one = { rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }], qualifyScore: 5 };
    const examId = await saveExam(ctx, { ...one, camOn: true, camInterval: 1, faceOn: true, faceChance: 2 });
    const id = (await apply(examId, '摄像头坏了')).body.data.id;
    await call(ctx.app, `${A}/audit`, { ids: [id], auditState: 1 }, ctx.admin);
    const paperId = (await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner)).body.data.id;
    expect((await row(id)).auditUsed).toBe(true);
    const cap = (pid: string) =>
      call(ctx.app, '/api/paper/capture/save', { paperId: pid, base64: dataUrlJpeg(FACE_PHOTOS.c) }, ctx.learner);
    // Failures (another person's face) are counted for the record; faceChance 0 tells the screen there is no limit for this paper.
    for (let n = 1; n <= 3; n++) {
      expect((await cap(paperId)).body.data).toEqual({ isBreak: false, failCount: n - 1, faceChance: 0 });
      await decided(ctx.app.db);
    }
    expect(
      (await call(ctx.app, '/api/paper/paper/paper-detail', { id: paperId }, ctx.learner)).body.data,
    ).toMatchObject({ faceOn: false, faceChance: 0, faceFails: 3 });
    expect(await paper(paperId)).toMatchObject({ state: 0, byApply: true, faceFails: 3 });
    await call(ctx.app, '/api/paper/paper/hand-exam', { id: paperId }, ctx.learner);
    await graded(ctx.app);
    // The next paper, without an application, needs the face check again (face/exam-face.test.ts), as does anyone's.
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner)).body.msg).toBe(
      '请先完成人脸识别！',
    );
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner2)).body.msg).toBe(
      '请先完成人脸识别！',
    );
  });

  it('sends each applicant, and only them, an in-site message with the audit result', async () => {
    const examId = await saveExam(ctx, { title: '申请消息考试', openType: 9, password: 'pw-msg' });
    const msgs = async (userId: string) =>
      (await ctx.app.db.select().from(schema.sysUserMsg).where(eq(schema.sysUserMsg.userId, userId))).filter(
        (m) => m.title === '考试申请审核结果' && m.content.includes('申请消息考试'),
      );
    const a1 = (await apply(examId, '忘记密码')).body.data.id;
    const a2 = (await apply(examId, '摄像头坏了', ctx.learner2)).body.data.id;
    expect(
      (await call(ctx.app, `${A}/audit`, { ids: [a1], auditState: 1, auditMsg: '同意<b>' }, ctx.admin)).status,
    ).toBe(200);
    const [m1] = await msgs('u-learner');
    expect(m1.content).toContain('已通过');
    expect(m1.content).toContain('审核意见：同意&#60;b&#62;');
    expect(await msgs('u-learner2')).toEqual([]);
    expect(
      (await call(ctx.app, `${A}/audit`, { ids: [a2], auditState: 2, auditMsg: '理由不充分' }, ctx.admin)).status,
    ).toBe(200);
    const m2 = await msgs('u-learner2');
    expect(m2).toHaveLength(1);
    expect(m2[0].content).toContain('已拒绝');
    expect(m2[0].content).toContain('理由不充分');
    expect(await msgs('u-learner')).toHaveLength(1);
    expect(await msgs('u-admin')).toEqual([]);
  });

  it('validates bodies (400) and guards the admin calls (401, 403 for a learner)', async () => {
    expect((await call(ctx.app, `${A}/save`, { examId: 'x' }, ctx.learner)).status).toBe(400);
    expect((await call(ctx.app, `${A}/save`, { examId: 'x', applyMsg: 'y'.repeat(501) }, ctx.learner)).status).toBe(
      400,
    );
    expect((await call(ctx.app, `${A}/delete`, { ids: [] }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${A}/save`, { examId: 'x', applyMsg: 'y' })).status).toBe(401);
    expect((await call(ctx.app, `${A}/paging`, {})).status).toBe(401);
    for (const [url, body] of [
      [`${A}/delete`, { ids: ['x'] }],
      [`${A}/audit`, { ids: ['x'], auditState: 1 }],
    ] as const) {
      expect((await call(ctx.app, url, body, ctx.learner)).status).toBe(403);
      expect((await call(ctx.app, url, body)).status).toBe(401);
    }
  });
});
