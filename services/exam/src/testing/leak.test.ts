import { describe, expect, it } from '@rstest/core';
import { LEAK_PASSWORD, learnerClient, leaks, quListOf, rightAnswer } from './answers';
import { dataUrlJpeg, FACE_PHOTOS } from '@exam/server-kit/testing';
import { allTypeRules, graded, saveExam, examTestAppPerFile } from './fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const allTypes = allTypeRules();

describe('the answer-leak scanner', () => {
  it('finds what it must: answer keys, option scores, answer texts and the password', () => {
    expect(leaks({ answerList: [{ id: 'a', content: 'x', score: 3 }] })).toEqual(['$.answerList[].score']);
    expect(leaks({ solution: {}, password: 'x' })).toEqual(['$.solution', '$.password']);
    expect(leaks([{ content: `密码${LEAK_PASSWORD}` }])).toEqual([`$[0].content contains ${LEAK_PASSWORD}`]);
    expect(leaks({ myAnswer: { blanks: ['北京'] } })).toEqual([]);
  });
});

describe('every learner-facing exam response', () => {
  it('gives no answer, option score or password away before hand-in, nor any list after it', async () => {
    const examId = await saveExam(ctx, {
      title: '泄漏扫描考试',
      openType: 9,
      password: LEAK_PASSWORD,
      rules: allTypes,
      qualifyScore: 60,
      leaveOn: true,
      leaveLimit: 9,
      leaveSec: 1,
      camOn: true,
      camInterval: 1,
      faceOn: false,
      faceChance: 9,
    });
    const me = learnerClient(ctx.app, ctx.learner);
    const lists = async () => {
      expect(
        (await me.call('/api/client/exam/mine-paging', { current: 1, size: 100, params: { flag: 'ALL' } })).status,
      ).toBe(200);
      expect((await me.call('/api/client/exam/open-paging', { current: 1, size: 100, params: {} })).status).toBe(200);
      expect((await me.call(`${P}/paging`, { current: 1, size: 100, params: { examId } })).status).toBe(200);
      expect((await me.call('/api/exam/apply/paging', { current: 1, size: 100, params: { examId } })).status).toBe(200);
      expect((await me.call('/api/exam/exam/detail', { id: examId })).body.data).toMatchObject({
        id: examId,
        openType: 9,
      });
    };
    expect((await me.call('/api/exam/apply/save', { examId, applyMsg: '摄像头坏了' })).status).toBe(200);
    await lists();
    const id = (await me.call(`${P}/create-paper`, { examId, password: LEAK_PASSWORD })).body.data.id as string;
    const detail = (await me.call(`${P}/paper-detail`, { id })).body.data;
    let seq = 1;
    for (const q of quListOf(detail)) {
      const qd = (await me.call(`${P}/qu-detail`, { paperId: id, quId: q.quId })).body.data;
      if ([26, 27, 28].includes(q.quType)) expect(qd.answerList).toHaveLength(3);
      if (q.quId === 'r-t-1-z1') expect(qd.subList.map((c: { quType: number }) => c.quType)).toEqual([1, 4]);
      expect(
        (await me.call(`${P}/fill-answer`, { paperId: id, quId: q.quId, seq: seq++, ...rightAnswer(q.quId) })).status,
      ).toBe(200);
    }
    await me.call(`${P}/left-time`, { id });
    await me.call(`${P}/check-process`, { examId });
    expect((await me.call(`${P}/leave-incr`, { id })).body.data).toEqual({ leaveTimes: 1, overLimit: false });
    expect((await me.call('/api/paper/capture/save', { paperId: id, base64: 'AAAA' })).status).toBe(400);
    expect(
      (await me.call('/api/paper/capture/save', { paperId: id, base64: dataUrlJpeg(FACE_PHOTOS.c) })).body.data,
    ).toMatchObject({ isBreak: false, failCount: 0 });
    await lists();
    expect(me.seen.length).toBeGreaterThan(40);
    expect(leaks(me.seen)).toEqual([]);

    // After hand-in only paper-result may show solutions; the lists still show none.
    me.seen.length = 0;
    expect((await me.call(`${P}/hand-exam`, { id })).body.data).toEqual({ id, state: 4 });
    await graded(ctx.app, [id]);
    await lists();
    expect(leaks(me.seen)).toEqual([]);
  });
});
