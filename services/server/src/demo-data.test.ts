import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BattleCalls, BattleClientCalls } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALL_SEEDS, ALL_SERVICES } from './app';

let app: FastifyInstance;
beforeAll(async () => {
  // On disk, as `npm start` has it: the course seed's media step (and the points it gives) runs only there.
  // Without its video (no ffmpeg run): this is about what the data says, not the media.
  const ffmpeg = process.env.FFMPEG_PATH;
  process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
  try {
    app = await createTestApp({
      services: ALL_SERVICES,
      seeds: ALL_SEEDS,
      config: { dataDir: await mkdtemp(join(tmpdir(), 'demo-data-')) },
    });
  } finally {
    if (ffmpeg === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = ffmpeg;
  }
}, 120_000);
afterAll(() => app?.close());

/** Names in quotes or title marks: “…” and 《…》. */
const namesIn = (text: string) => [...text.matchAll(/[“《]([^”》]+)[”》]/g)].map((m) => m[1]);

describe('the demo data tells one story', () => {
  it("every user's points are the sum of their points log, and the learners' log says why", async () => {
    const { sysUser, sysUserPoints } = schema;
    const users = await app.db.select({ id: sysUser.id, points: sysUser.points }).from(sysUser);
    const log = await app.db.select().from(sysUserPoints);
    for (const u of users) {
      expect([u.id, u.points]).toEqual([u.id, log.filter((l) => l.userId === u.id).reduce((n, l) => n + l.points, 0)]);
    }
    expect(users.find((u) => u.id === 'u-learner')!.points).toBeGreaterThan(0); // enough to try the points course
    // What the learner's centre shows: the banner's points and the log.
    const learner = await signIn(app, 'learner', 'Learner@2026');
    const page = (await call(app, '/api/sys/user/points/paging', { current: 1, size: 50 }, learner)).body.data;
    const me = (await call(app, '/api/sys/user/info', {}, learner)).body.data;
    expect(me.points).toBe(page.records.reduce((n: number, r: { points: number }) => n + r.points, 0));
  });

  it('no points entry claims a finished course or a passed exam that the data does not show', async () => {
    const { sysUserPoints, elCourse, elCourseLearner, elExamUser } = schema;
    for (const l of await app.db.select().from(sysUserPoints)) {
      const course = /完成课程《(.+?)》/.exec(l.remark)?.[1];
      if (course) {
        const done = await app.db
          .select()
          .from(elCourseLearner)
          .innerJoin(elCourse, eq(elCourse.id, elCourseLearner.courseId))
          .where(
            and(eq(elCourseLearner.userId, l.userId), eq(elCourse.title, course), eq(elCourseLearner.finished, true)),
          );
        expect([l.remark, done.length]).toEqual([l.remark, 1]);
      }
      if (/通过考试|考试通过/.test(l.remark)) {
        const passed = await app.db
          .select()
          .from(elExamUser)
          .where(and(eq(elExamUser.userId, l.userId), eq(elExamUser.passed, true)));
        expect([l.remark, passed.length > 0]).toEqual([l.remark, true]);
      }
    }
  });

  it('every exam, course, bank or menu that a message or notice names exists', async () => {
    const { sysUserMsg, sysNotice, elExam, elCourse, elRepo, sysMenu } = schema;
    const known = new Set([
      ...(await app.db.select({ t: elExam.title }).from(elExam)).map((r) => r.t),
      ...(await app.db.select({ t: elCourse.title }).from(elCourse)).map((r) => r.t),
      ...(await app.db.select({ t: elRepo.title }).from(elRepo)).map((r) => r.t),
      ...(await app.db.select({ t: sysMenu.metaTitle }).from(sysMenu)).map((r) => r.t),
    ]);
    const texts = [
      ...(await app.db.select({ a: sysUserMsg.title, b: sysUserMsg.content }).from(sysUserMsg)),
      ...(await app.db.select({ a: sysNotice.title, b: sysNotice.content }).from(sysNotice)),
    ].map((r) => `${r.a} ${r.b}`);
    const messages = await app.db.select().from(sysUserMsg);
    expect(messages.length).toBeGreaterThan(0);
    const named = texts.flatMap(namesIn);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !known.has(n))).toEqual([]);
  });

  it('the demo battles: the learner lists the duel and the room of four (the hosted one is joined by code), each as the admin could save it', async () => {
    const [admin, learner] = await Promise.all([
      signIn(app, 'admin', 'Admin@2026'),
      signIn(app, 'learner', 'Learner@2026'),
    ]);
    const cards = (await call(app, BattleClientCalls.paging.url, { current: 1, size: 20 }, learner)).body.data;
    expect(cards.records.map((c: { id: string }) => c.id).sort()).toEqual(['b-demo-duel', 'b-demo-four']);
    for (const id of ['b-demo-duel', 'b-demo-four', 'b-demo-hosted']) {
      const detail = (await call(app, BattleCalls.detail.url, { id }, admin)).body.data;
      // Its banks hold enough questions of its types for a round.
      expect([id, (await call(app, BattleCalls.save.url, detail, admin)).body.msg]).toEqual([id, '操作成功！']);
    }
  });
});
