import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { examBody, nowPlus, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const save = (over: Record<string, unknown>, token = ctx.admin) =>
  call(ctx.app, '/api/exam/exam/save', examBody(over), token);

describe('exam save', () => {
  it('stores every setting, derives the total from the rules, and reads back', async () => {
    const r = await save({
      openType: 9,
      password: 'pw-1',
      leaveOn: true,
      leaveLimit: 2,
      leaveSec: 5,
      camOn: true,
      camInterval: 3,
      faceOn: true,
      faceChance: 2,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.totalScore).toBe(100);
    const d = await call(ctx.app, '/api/exam/exam/detail', { id: r.body.data.id }, ctx.admin);
    expect(d.body.data).toMatchObject({
      title: '测试考试',
      openType: 9,
      password: 'pw-1',
      totalScore: 100,
      qualifyScore: 60,
      leaveLimit: 2,
      camInterval: 3,
      faceChance: 2,
      quCount: 13,
    });
    expect(d.body.data.rules).toHaveLength(7);
    const edit = await save({
      id: r.body.data.id,
      title: '改名考试',
      openType: 1,
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
    });
    expect(edit.status).toBe(200);
    const d2 = await call(ctx.app, '/api/exam/exam/detail', { id: r.body.data.id }, ctx.admin);
    expect(d2.body.data).toMatchObject({ title: '改名考试', password: '', totalScore: 100, quCount: 2 });
    // The editor names the fixed questions by their stems.
    expect(Object.keys(d2.body.data.quTitles).sort()).toEqual(['r-t-1-s1', 'r-t-1-s2']);
    expect(d2.body.data.quTitles['r-t-1-s1']).not.toMatch(/[<>]/);
  });

  it('refuses rules the banks cannot satisfy and forms that do not add up, with clear messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rules: [] }, '请至少添加一条组卷规则！'],
      [
        { rules: [{ title: '单选', quType: 1, repoIds: ['r-t-1'], count: 7, score: 1 }] },
        '第1组「单选」：所选题库中可用的单选题只有6道，不足7道！',
      ],
      [
        { rules: [{ title: '难题', quType: 1, repoIds: ['r-t-1'], level: 2, count: 1, score: 1 }] },
        '第1组「难题」：所选题库中可用的较难单选题只有0道，不足1道！',
      ],
      [
        {
          rules: [
            { title: 'A', quType: 1, quIds: ['r-t-1-s1'], score: 1 },
            { title: 'B', quType: 1, repoIds: ['r-t-1'], count: 6, score: 1 },
          ],
        },
        '第2组「B」：所选题库中可用的单选题只有5道，不足6道！',
      ],
      [{ rules: [{ title: '单选', quType: 2, quIds: ['r-t-1-s1'], score: 1 }] }, '第1组：试题类型与分组题型不一致！'],
      [{ rules: [{ title: '单选', quType: 1, quIds: ['nope'], score: 1 }] }, '第1组：试题不存在或已删除！'],
      [{ rules: [{ title: '单选', quType: 1, repoIds: [], count: 1, score: 1 }] }, '第1组：请选择题库！'],
      [{ rules: [{ title: '单选', quType: 1, repoIds: ['r-t-1'], count: 1, score: 0 }] }, '第1组：每题分数必须大于0！'],
      [{ qualifyScore: 101 }, '及格分不能大于总分（100分）！'],
      [{ endTime: nowPlus(-120) }, '结束时间必须晚于开始时间！'],
      [{ startTime: nowPlus(0), endTime: nowPlus(10), totalTime: 30 }, '考试时长不能超过考试时间段！'],
      [{ title: ' ' }, '考试名称不能为空！'],
      [{ openType: 2 }, '请选择指定部门！'],
      [{ openType: 3 }, '请选择指定人员！'],
      [{ openType: 9 }, '请设置考试密码！'],
      [{ leaveOn: true }, '请设置切屏次数限制！'],
      [{ startTime: 'tomorrow' }, '开始时间格式不正确！'],
    ];
    for (const [over, msg] of cases) {
      const r = await save(over);
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    }
  });

  it('validates the body (400) and guards every admin call (401, 403 for a learner)', async () => {
    expect((await call(ctx.app, '/api/exam/exam/save', { title: 'x' }, ctx.admin)).status).toBe(400);
    expect((await save({ totalTime: 0 })).status).toBe(400);
    expect((await save({ openType: 5 })).status).toBe(400);
    for (const [url, body] of [
      ['/api/exam/exam/paging', {}],
      ['/api/exam/exam/save', examBody()],
      ['/api/exam/exam/delete', { ids: ['x'] }],
      ['/api/exam/exam/state', { ids: ['x'], state: 1 }],
      ['/api/exam/exam/preview', { rules: examBody().rules }],
    ] as const) {
      expect((await call(ctx.app, url, body, ctx.learner)).status).toBe(403);
      expect((await call(ctx.app, url, body)).status).toBe(401);
    }
  });
});

describe('exam detail for learners, paging, state, delete, preview', () => {
  it('gives a learner only the learner view of an exam they may take', async () => {
    const id = await saveExam(ctx, { openType: 9, password: 'secret-pw' });
    const d = await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.learner);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ id, openType: 9, totalScore: 100 });
    for (const k of ['password', 'rules', 'userIds', 'deptCodes']) expect(d.body.data).not.toHaveProperty(k);
    expect(JSON.stringify(d.body)).not.toContain('secret-pw');
    const other = await saveExam(ctx, { openType: 3, userIds: ['u-learner2'] });
    expect((await call(ctx.app, '/api/exam/exam/detail', { id: other }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, '/api/exam/exam/detail', { id: other }, ctx.learner2)).status).toBe(200);
  });

  it('lists with title search and excludes, switches state, deletes only exams without papers', async () => {
    const id = await saveExam(ctx, { title: '独一无二的考试' });
    const page = await call(
      ctx.app,
      '/api/exam/exam/paging',
      { current: 1, size: 10, params: { title: '独一无二' } },
      ctx.admin,
    );
    expect(page.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(page.body.data.records[0].examType_dictText).toBe('正式考试'); // the exam_type dictionary
    const ex = await call(
      ctx.app,
      '/api/exam/exam/paging',
      { current: 1, size: 10, params: { title: '独一无二', excludes: [id] } },
      ctx.admin,
    );
    expect(ex.body.data.total).toBe(0);
    expect((await call(ctx.app, '/api/exam/exam/state', { ids: [id], state: 1 }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.admin)).body.data.state).toBe(1);
    await call(ctx.app, '/api/exam/exam/state', { ids: [id], state: 0 }, ctx.admin);
    const taken = await saveExam(ctx);
    expect((await call(ctx.app, '/api/paper/paper/create-paper', { examId: taken }, ctx.learner)).status).toBe(200);
    const refused = await call(ctx.app, '/api/exam/exam/delete', { ids: [id, taken] }, ctx.admin);
    expect([refused.status, refused.body.msg]).toEqual([409, '考试已有考生答卷，不能删除，请改为禁用！']);
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, '/api/exam/exam/delete', { ids: [id] }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, '/api/exam/exam/detail', { id }, ctx.admin)).status).toBe(404);
  });

  it('previews one paper without storing it', async () => {
    const r = await call(ctx.app, '/api/exam/exam/preview', { rules: examBody().rules, shuffleOpt: true }, ctx.admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ totalScore: 100, quCount: 13 });
    expect(r.body.data.groupList.map((g: { quCount: number }) => g.quCount)).toEqual([5, 2, 2, 1, 1, 1, 1]);
    const single = r.body.data.groupList[0].quList[0];
    expect(single.answerList.map((o: { abc: string }) => o.abc)).toEqual(['A', 'B', 'C', 'D']);
    expect(single.answerList.filter((o: { isRight: boolean }) => o.isRight)).toHaveLength(1);
    const bad = await call(
      ctx.app,
      '/api/exam/exam/preview',
      { rules: [{ title: 'x', quType: 6, repoIds: ['r-t-1'], count: 3, score: 1 }] },
      ctx.admin,
    );
    expect(bad.status).toBe(400);
  });
});

describe('overlapping rules', () => {
  /** Bank A: two normal singles and one hard; bank B: two normal singles (ids ov-<bank><n>). */
  beforeAll(async () => {
    const { elRepo, elQu, elQuAnswer } = schema;
    await ctx.app.db.insert(elRepo).values([
      { id: 'r-ov-a', title: '重叠A' },
      { id: 'r-ov-b', title: '重叠B' },
    ]);
    const qs = [
      ['ov-a1', 'r-ov-a', 1],
      ['ov-a2', 'r-ov-a', 1],
      ['ov-a3', 'r-ov-a', 2],
      ['ov-b1', 'r-ov-b', 1],
      ['ov-b2', 'r-ov-b', 1],
    ] as const;
    await ctx.app.db
      .insert(elQu)
      .values(qs.map(([id, repoId, level]) => ({ id, repoId, quType: 1, level, content: id })));
    await ctx.app.db
      .insert(elQuAnswer)
      .values(
        qs.flatMap(([id]) =>
          [0, 1].map((i) => ({ id: `${id}${i}`, quId: id, sort: i, content: `${i}`, isRight: i === 0 })),
        ),
      );
  });
  const rule = (title: string, repoIds: string[], level: number, count: number) => ({
    title,
    quType: 1,
    repoIds,
    level,
    count,
    score: 10,
  });

  it('saves every time when an assignment exists, though a random draw alone would often miss it', async () => {
    // The level-1 group over A+B must take both of B, so that the any-level group over A gets all three of A.
    const rules = [rule('普通', ['r-ov-a', 'r-ov-b'], 1, 2), rule('任意', ['r-ov-a'], 0, 3)];
    for (let i = 0; i < 15; i++) {
      const r = await call(ctx.app, '/api/exam/exam/preview', { rules }, ctx.admin);
      expect([r.status, r.body.msg]).toEqual([200, '操作成功！']);
      const [normal, any] = r.body.data.groupList.map((g: { quList: { quId: string }[] }) =>
        g.quList.map((q) => q.quId).sort(),
      );
      expect([normal, any]).toEqual([
        ['ov-b1', 'ov-b2'],
        ['ov-a1', 'ov-a2', 'ov-a3'],
      ]);
    }
    expect((await save({ rules, qualifyScore: 10 })).status).toBe(200);
  });

  it('refuses every time when no assignment exists, naming a short group', async () => {
    // Groups over A alone want four of its three questions, although the five questions would cover five slots.
    const rules = [
      rule('普通', ['r-ov-a', 'r-ov-b'], 1, 1),
      rule('较难', ['r-ov-a'], 2, 1),
      rule('任意', ['r-ov-a'], 0, 3),
    ];
    for (let i = 0; i < 10; i++) {
      const r = await save({ rules, qualifyScore: 10 });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^第\d组「.+」：所选题库中可用的.*单选题只有\d道，不足\d道！$/);
    }
  });
});
