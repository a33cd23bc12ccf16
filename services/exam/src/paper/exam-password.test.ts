import { Code } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const URL = '/api/paper/paper/create-paper';
async function createPaper(token: string, body: object, remoteAddress = '127.0.0.1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', token },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

describe('exam password guesses (the sign-in limits)', () => {
  it('40 parallel wrong passwords count as 40: ten are compared, the rest refused, and then the right one waits too', async () => {
    const examId = await saveExam(ctx, { openType: 9, password: 'Secret-42' });
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createPaper(ctx.learner, { examId, password: `guess-${i}` }, `198.51.100.${i + 1}`),
      ),
    );
    const wrong = tries.filter((r) => r.body.msg === '考试密码错误！');
    const refused = tries.filter((r) => r.status === 429);
    expect([wrong.length, refused.length]).toEqual([10, 30]);
    expect(refused[0].body).toMatchObject({ code: Code.RATE_LIMITED, msg: '考试密码错误次数过多，请15分钟后再试！' });
    const right = await createPaper(ctx.learner, { examId, password: 'Secret-42' });
    expect(right.status).toBe(429);
    const papers = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.examId, examId));
    expect(papers).toHaveLength(0);
  });

  it('counts per learner and exam: another learner, or another exam, is not locked out', async () => {
    const examId = await saveExam(ctx, { openType: 9, password: 'Secret-43' });
    for (let i = 0; i < 10; i++) await createPaper(ctx.learner2, { examId, password: 'nope' }, '203.0.113.1');
    expect((await createPaper(ctx.learner2, { examId, password: 'Secret-43' }, '203.0.113.1')).status).toBe(429);
    expect((await createPaper(ctx.learner, { examId, password: 'Secret-43' }, '203.0.113.2')).status).toBe(200);
  });

  it('a forged X-Forwarded-For does not reset the per-address count', async () => {
    const examId = await saveExam(ctx, { openType: 9, password: 'Secret-44' });
    for (let i = 0; i < 50; i++) await ctx.app.infra.kv.incr('exampass:ip:203.0.113.50', 900);
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: '203.0.113.50',
      payload: JSON.stringify({ examId, password: 'Secret-44' }),
      headers: { 'content-type': 'application/json', token: ctx.learner, 'x-forwarded-for': '192.0.2.1' },
    });
    expect(res.statusCode).toBe(429);
  });
});
