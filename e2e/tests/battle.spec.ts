import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminAt, api, apiToken, shot, signIn } from './helpers';

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

test('a hosted contest: the host projects the lobby, three phones join by code, one reloads mid-question and keeps the score, a podium', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const screen = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
  await adminAt(screen, '/battle/list');
  const row = screen.locator('tr', { hasText: '主持' }).first();
  await row.getByRole('button', { name: '主持' }).click();
  await expect(screen).toHaveURL(/\/admin\/battle\/host\/\d+/);
  const code = (await screen.getByTestId('join-code').innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);
  await expect(screen.getByTestId('join-qr')).toBeVisible();

  const phones: Page[] = [];
  for (const [username, pass] of [
    ['learner', 'Learner@2026'],
    ['learner2', 'Learner@2026'],
    ['admin', 'Admin@2026'],
  ]) {
    const p = await (await browser.newContext(PHONE)).newPage();
    await p.goto('/pages/login/login');
    await signIn(p, username, pass);
    await expect(p).not.toHaveURL(/login/);
    phones.push(p);
  }
  // Two join through the QR code's address, one types the code.
  await phones[0]!.goto(`/pages/battle/join?code=${code}`);
  await phones[1]!.goto(`/pages/battle/join?code=${code}`);
  await phones[2]!.goto('/pages/battle');
  await phones[2]!.getByRole('button', { name: '加入竞赛' }).click();
  await phones[2]!.getByLabel('竞赛码').fill(code);
  await phones[2]!.getByRole('button', { name: '加入', exact: true }).click();
  for (const p of phones) await expect(p.getByText('等待主持人开始')).toBeVisible();
  await expect(screen.getByText('已有 3 人加入')).toBeVisible();
  await shot(screen, 'battle-host-lobby-desktop');
  await shot(phones[0]!, 'battle-hosted-lobby-phone');

  await screen.getByRole('button', { name: '开始竞赛' }).click();
  const first = screen.getByText(/第 1 \/ \d+ 题/);
  await expect(first).toBeVisible({ timeout: 20_000 });
  const quCount = Number(/\/ (\d+) 题/.exec(await first.innerText())![1]);
  let before = 0;
  for (let i = 1; i <= quCount; i++) {
    await expect(screen.getByText(`第 ${i} / ${quCount} 题`)).toBeVisible({ timeout: 20_000 });
    for (const p of phones) await expect(p.getByText(`第 ${i} / ${quCount} 题`)).toBeVisible({ timeout: 20_000 });
    await phones[0]!.getByTestId('option-A').click();
    const confirm = phones[0]!.getByRole('button', { name: '确认答案' }); // a multiple choice
    if (await confirm.isVisible()) await confirm.click();
    if (i === 2) {
      // A phone reloads mid-question: back in the contest with the score it had.
      const mine = await phones[1]!.getByTestId('battle-me').innerText();
      await phones[1]!.reload();
      await expect(phones[1]!.getByText(`第 ${i} / ${quCount} 题`)).toBeVisible();
      expect(await phones[1]!.getByTestId('battle-me').innerText()).toContain(mine.split('分')[0]!.trim());
    }
    await expect(screen.getByTestId('host-progress')).toContainText('已作答 1 / 3');
    if (i === 1) await shot(screen, 'battle-host-question-desktop');
    await screen.getByRole('button', { name: '结束本题' }).click();
    await expect(screen.getByTestId('board-option-A')).toContainText('1 人');
    if (i === 1) {
      await shot(screen, 'battle-host-reveal-desktop');
      await shot(phones[0]!, 'battle-hosted-reveal-phone');
    }
    const score = Number((await phones[0]!.getByTestId('battle-me').innerText()).split('分')[0]);
    expect(score).toBeGreaterThanOrEqual(before);
    before = score;
    await screen.getByRole('button', { name: i < quCount ? '下一题' : '公布排名' }).click();
  }
  await expect(screen.getByText('最终排名')).toBeVisible();
  await expect(screen.getByTestId('leaders').locator('li')).toHaveCount(3);
  for (const p of phones) await expect(p.getByTestId('battle-result')).toHaveText(/第 \d 名/);
  await shot(screen, 'battle-host-podium-desktop');
  await shot(phones[0]!, 'battle-hosted-end-phone');
});
