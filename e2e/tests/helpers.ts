import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

export async function signIn(page: Page, username: string, password: string) {
  await page.getByPlaceholder('账号').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

export const expectLogin = async (page: Page) => {
  await expect(page).toHaveURL(/\/pages\/login\/login/);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
};
