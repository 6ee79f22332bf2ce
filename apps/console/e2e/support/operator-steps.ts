import { expect, type Page } from '@playwright/test';
import { totpCode } from './console-fixtures';

/** A step of the authenticator's clock (RFC 6238: 30 s). */
const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

type Envelope<T> = { status_code: number; message: string; data: T };

/** An operator call with the operator's token (set-up and checks; the journeys use the page). */
export type AdminCall = <T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) => Promise<Envelope<T>>;

export function adminFetch(baseUrl: string, token: string): AdminCall {
  return async <T>(method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await fetch(new URL(url, baseUrl), {
      method,
      headers: {
        'X-Admin-Token': token,
        'X-Idempotency-Key': crypto.randomUUID(),
        ...(data === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return (await res.json()) as Envelope<T>;
  };
}

/**
 * The authenticator in an operator's hand. The server accepts a code of the steps next to now
 * (now − 1 … now + 1), each step once and only above the last one used, so a code is of the
 * lowest step still open; when none is open it waits — real time, the clock is the condition
 * — for the next step to begin.
 */
export class Authenticator {
  #last: number;

  constructor(
    readonly secret: string,
    lastUsed = -1,
  ) {
    this.#last = lastUsed;
  }

  async next(): Promise<string> {
    for (;;) {
      const now = stepNow();
      // The step before now only early in the current step: late in it, it may have closed by
      // the time the server reads the code.
      const lowest = Date.now() % STEP_MS < 15_000 ? now - 1 : now;
      const step = Math.max(this.#last + 1, lowest);
      if (step <= now + 1) {
        this.#last = step;
        return totpCode(this.secret, 0, step * STEP_MS);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** An operator as the tests hold one: name, password, authenticator and an API session. */
export interface TestOperator {
  userName: string;
  password: string;
  auth: Authenticator;
  call: AdminCall;
}

/** Logs in through the API: password, plus a code when the operator has a factor. */
export async function apiLogin(
  baseUrl: string,
  userName: string,
  password: string,
  auth?: Authenticator,
): Promise<{ token: string; enrolOnly: boolean }> {
  const body = { userName, password, ...(auth ? { totp: await auth.next() } : {}) };
  const r = await adminFetch(baseUrl, '')<{ token: string; enrolOnly: boolean }>(
    'POST',
    '/admin/api/v1/login',
    body,
  );
  expect(r.status_code, `login ${userName}: ${r.message}`).toBe(6000);
  return r.data;
}

/** Enrols a second factor through the API (the console's enrolment makes the same two calls). */
export async function apiEnrol(call: AdminCall): Promise<Authenticator> {
  const enrol = await call<{ secret: string }>('POST', '/admin/api/v1/totp/enrol', {});
  expect(enrol.status_code, enrol.message).toBe(6000);
  const auth = new Authenticator(enrol.data.secret);
  const confirmed = await call('POST', '/admin/api/v1/totp/confirm', { code: await auth.next() });
  expect(confirmed.status_code, confirmed.message).toBe(6000);
  return auth;
}

/** The console's login page: password, then the six digits when the server asks for them. */
export async function consoleLogin(page: Page, op: TestOperator): Promise<void> {
  await page.goto('/console/login');
  await page.getByLabel('账号').fill(op.userName);
  await page.getByLabel('密码').fill(op.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toContainText('请输入两步验证码');
  await page.getByLabel('两步验证码').fill(await op.auth.next());
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: /今日概览/ })).toBeVisible();
}

/** Opens a page from the console's menu and waits for its heading (the item's label). */
export async function openFromMenu(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
}

/**
 * The console's step-up dialog (9600, a money action): the operator's next code, then the
 * same request goes again.
 */
export async function consoleStepUp(page: Page, op: { auth: Authenticator }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '二次验证' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('两步验证码').fill(await op.auth.next());
  await dialog.getByRole('button', { name: '验证' }).click();
  await expect(dialog).toBeHidden();
}

/** A role and its operator, made by the superuser through the admin API. */
export interface RoleMaker {
  baseUrl: string;
  call: AdminCall;
  stepUp(cls: 'money' | 'settings' | 'operators'): Promise<void>;
}

let made = 0;

/**
 * A new role with exactly `permissions` and one operator in it. With `enrol` (the default) the
 * operator's second factor is set up through the API, so the test can log in as them.
 */
export async function newOperator(
  root: RoleMaker,
  permissions: string[],
  opts: { enrol?: boolean } = {},
): Promise<TestOperator & { operatorId: number }> {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  await root.stepUp('operators');
  const role = await root.call<{ id: number }>('POST', '/admin/api/v1/roles', {
    name: `e2e-${tag}`,
    permissions,
  });
  expect(role.status_code, role.message).toBe(6000);
  const userName = `op${tag}`.slice(0, 32);
  const password = `Pw-${tag}-secret`;
  const created = await root.call<{ id: number }>('POST', '/admin/api/v1/operators', {
    userName,
    password,
    roleId: role.data.id,
  });
  expect(created.status_code, created.message).toBe(6000);
  const placeholder = new Authenticator('A'.repeat(32));
  if (opts.enrol === false) {
    return {
      operatorId: created.data.id,
      userName,
      password,
      auth: placeholder,
      call: adminFetch(root.baseUrl, ''),
    };
  }
  const session = await apiLogin(root.baseUrl, userName, password);
  const setup = adminFetch(root.baseUrl, session.token);
  const auth = await apiEnrol(setup);
  return { operatorId: created.data.id, userName, password, auth, call: setup };
}
