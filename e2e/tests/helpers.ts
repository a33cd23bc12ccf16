import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

export async function signIn(page: Page, username: string, password: string) {
  await page.getByPlaceholder('账号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Waits until a sliding drawer, sheet or dialog has stopped (two equal boxes in a row), so a check or shot sees it in place. */
export async function settled(target: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/** Signs the demo admin in through the admin shell's login page and opens `path` of the admin shell. */
export async function adminAt(page: Page, path: string) {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin${path}`);
}

/** /login of the admin shell leads to its login page (spec admin §2 fixed routes): the demo admin signs in there. */
export async function adminViaLogin(page: Page) {
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/pages\/login\/login$/);
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

export const expectLogin = async (page: Page) => {
  await expect(page).toHaveURL(/\/pages\/login\/login/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
};

/** A time as the server writes it: yyyy-MM-dd HH:mm:ss in Asia/Shanghai. */
export const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/** An exam's or course's times: open since an hour ago, for a day. */
export const openWindow = () => ({
  startTime: fmt(new Date(Date.now() - 3600_000)),
  endTime: fmt(new Date(Date.now() + 86400_000)),
});

export async function apiToken(request: APIRequestContext, username: string, password: string) {
  const r = await request.post('/api/sys/user/login', { data: { username, password } });
  return (await r.json()).data.token as string;
}
/** A call that must succeed (code 0); returns its data. */
export async function api(request: APIRequestContext, token: string, url: string, data: unknown) {
  const body = await (await request.post(url, { data, headers: { token } })).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}
/** A public exam over the demo banks (three single choices unless `extra` says otherwise), open now for a day: its id. */
export async function createOpenExam(request: APIRequestContext, title: string, extra: Record<string, unknown>) {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  return api(request, admin, '/api/exam/exam/save', {
    title,
    openType: 1,
    startTime: fmt(new Date(Date.now() - 60_000)),
    endTime: fmt(new Date(Date.now() + 86400_000)),
    totalTime: 10,
    qualifyScore: 6,
    rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], level: 0, count: 3, score: 4 }],
    ...extra,
  });
}
/** Arco's InputNumber commits on blur. */
export async function setNumber(row: Locator, nth: number, value: string) {
  const input = row.locator('.arco-input-number input').nth(nth);
  await input.fill(value);
  await input.press('Tab');
}
export async function pickSelect(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.locator('.arco-select-popup:visible').getByText(option, { exact: true }).click();
}

/** Headless Chromium never hides a page, so a tab switch (away and back) is played as the browser announces it. */
export async function leaveTab(page: Page) {
  await page.evaluate(() => {
    const set = (v: string) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}
/**
 * Hands in whatever paper the learner still has open: while a paper is open its questions show no
 * answer in training or the book (docs/decisions.md "Answers and results"), so specs that train first close it.
 */
export async function handInOpenPapers(request: APIRequestContext, username: string, password: string) {
  const token = await apiToken(request, username, password);
  for (let i = 0; i < 5; i++) {
    const open = await api(request, token, '/api/paper/paper/check-process', {});
    if (!open) return;
    await api(request, token, '/api/paper/paper/hand-exam', { id: open.id });
  }
  throw new Error(`${username} still has an open paper`);
}

/** A solid-colour PNG drawn here (logos, covers): no fixture file to keep. `noise`: random pixels, a photo's weight. */
export function pngLogo(w = 200, h = 60, noise = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = () =>
    Buffer.concat([Buffer.from([0]), noise ? randomBytes(w * 3) : Buffer.alloc(w * 3, Buffer.from([22, 93, 255]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
