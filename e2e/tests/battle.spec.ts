import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { api, apiToken, shot, signIn } from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DUEL = 'b-demo-duel';
type Qu = { answerList: { isRight: boolean }[] };
const abc = (i: number) => String.fromCharCode(65 + i);

/** A learner on a phone, signed in, on the duel's matching screen. */
async function player(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto('/pages/login/login');
  await signIn(page, username, 'Learner@2026');
  await expect(page).not.toHaveURL(/login/);
  await page.goto(`/pages/battle/play/new?battle=${DUEL}`);
  return page;
}

/** The letters of the open question's right options, asked of the admin's question detail (the player's screens never know). */
async function rightLetters(request: APIRequestContext, learner: string, admin: string, roundId: string) {
  const s = await api(request, learner, '/api/battle/play/state', { roundId });
  const qu = (await api(request, admin, '/api/qu/qu/detail', { id: s.question.id })) as Qu;
  const letters = qu.answerList.map((o, i) => ({ ...o, abc: abc(i) }));
  return {
    right: letters.filter((o) => o.isRight).map((o) => o.abc),
    wrong: letters.find((o) => !o.isRight)!.abc,
    many: qu.answerList.filter((o) => o.isRight).length > 1 || s.question.quType === 2,
  };
}

async function pick(page: Page, letters: string[], confirm: boolean) {
  for (const l of letters) await page.getByTestId(`option-${l}`).click();
  if (confirm) await page.getByRole('button', { name: '确认答案' }).click();
}

test('two learners duel on phones: matched, the same questions on the server clock, a reload keeps the score, one wins', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const tokenA = await apiToken(request, 'learner', 'Learner@2026');
  const a = await player(browser, 'learner');
  await expect(a.getByText('正在匹配对手…')).toBeVisible();
  await shot(a, 'battle-matching-phone');
  const b = await player(browser, 'learner2');
  await expect(a).toHaveURL(/\/pages\/battle\/play\/\d+/);
  await expect(b).toHaveURL(/\/pages\/battle\/play\/\d+/);
  const roundId = a.url().split('/').pop()!;
  expect(b.url().split('/').pop()).toBe(roundId);
  await expect(a.getByText('对局即将开始，共 5 题')).toBeVisible();

  for (let i = 1; i <= 5; i++) {
    await expect(a.getByText(`第 ${i} / 5 题`)).toBeVisible({ timeout: 20_000 });
    await expect(b.getByText(`第 ${i} / 5 题`)).toBeVisible({ timeout: 20_000 });
    const q = await rightLetters(request, tokenA, admin, roundId);
    if (i === 1) await shot(a, 'battle-question-phone');
    await pick(a, q.right, q.many);
    await expect(a.getByText('已作答，等待其他选手…')).toBeVisible();
    // The other player sees that A answered, not what or how well.
    await expect(b.getByTestId('player-张小明').getByText('已作答')).toBeVisible();
    if (i === 2) {
      // B's phone reloads mid-question: the same round, question and scores come back.
      await b.reload();
      await expect(b.getByText('第 2 / 5 题')).toBeVisible();
    }
    await pick(b, [q.wrong], q.many);
    await expect(a.getByTestId('battle-reveal')).toContainText('回答正确');
    await expect(b.getByTestId('battle-reveal')).toContainText('回答错误');
    if (i === 1) await shot(b, 'battle-reveal-phone');
  }
  await expect(a.getByTestId('battle-result')).toHaveText('胜利', { timeout: 20_000 });
  await expect(b.getByTestId('battle-result')).toHaveText('失败');
  await expect(a.getByText(/获得 12 积分/)).toBeVisible();
  await shot(a, 'battle-won-phone');
  await shot(b, 'battle-lost-phone');
  // Nothing scrolls sideways on a phone.
  for (const p of [a, b]) expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
