import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { signedCall } from '../../../../e2e/support/signed-api';

/** Members, operators and money steps shared by the wallet specs. */

export {
  E2E_ADMIN_PASSWORD as ADMIN_PASSWORD,
  E2E_ADMIN_USER as ADMIN_USER,
} from '../../../../e2e/support/signed-api';
import {
  E2E_ADMIN_PASSWORD as ADMIN_PASSWORD,
  E2E_ADMIN_USER as ADMIN_USER,
} from '../../../../e2e/support/signed-api';
export const PASSWORD = 'Nebula-e2e-2026!';

let counter = 0;
function newUserName(): string {
  counter += 1;
  return `w${Date.now().toString(36)}${counter}`.slice(0, 16);
}

export async function register(page: Page): Promise<string> {
  const userName = newUserName();
  await page.goto('/user/register');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /年满 18 周岁/ }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  return userName;
}

type Envelope<T> = { status_code: number; message: string; data: T };

/** The operator API (X-Admin-Token; money calls also take X-Idempotency-Key). */
export async function operator(request: APIRequestContext) {
  const login = await request.post('/admin/api/v1/login', {
    data: { userName: ADMIN_USER, password: ADMIN_PASSWORD },
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).data.token;
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown, money = false) => {
    const response = await request.fetch(path, {
      method,
      data,
      headers: {
        'X-Admin-Token': token,
        ...(money ? { 'X-Idempotency-Key': randomUUID() } : {}),
      },
    });
    const body = (await response.json()) as Envelope<T>;
    expect(body.status_code, `${method} ${path}: ${body.message}`).toBe(6000);
    return body.data;
  };
  return {
    call,
    async memberId(userName: string): Promise<number> {
      const page = await call<{ list: { memberId: number; userName: string }[] }>(
        'GET',
        `/admin/api/v1/members?q=${userName}`,
      );
      const found = page.list.find((m) => m.userName === userName);
      expect(found).toBeDefined();
      return found!.memberId;
    },
  };
}

/** A member call from this browser's session, which must succeed. */
export async function memberCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const answer = await signedCall<T>(page.context(), page.request, method, path, body);
  expect(answer.status_code, `${path}: ${answer.message}`).toBe(6000);
  return answer.data;
}

/** Deposits through the UI: 支付宝, a quick amount, confirm, then 支付 on the sandbox cashier. */
export async function depositOnline(page: Page, amount: string): Promise<void> {
  await page.goto('/mine/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).click();
  await page.getByRole('button', { name: amount, exact: true }).click();
  await page.getByRole('button', { name: '立即存款' }).click();
  const sheet = page.getByRole('dialog', { name: '确认存款' });
  await expect(sheet.getByTestId('confirm-amount')).toHaveText(`${amount}.00CNY`);
  await sheet.getByRole('button', { name: '确认并去支付' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/D[0-9A-Z]+$/);
  await expect(page.getByTestId('cashier-amount')).toHaveText(`¥${amount}.00`);
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
}
