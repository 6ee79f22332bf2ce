import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type {
  Captcha,
  Envelope,
  ErrorCode,
  LoginResult,
  MemberInfo,
  WithdrawOrder,
} from '@nebula/protocol';
import { sha256Hex } from '../lib/tokens';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

let seq = 0;
export function uniqueName(prefix = 'm'): string {
  seq += 1;
  return `${prefix}${randomBytes(3).toString('hex')}${seq}`.slice(0, 16);
}

export const GOOD_PASSWORD = 'Sturdy-Pass-2026!';

/** A solved captcha, as a member would type it (tests read the answer from the database). */
export async function solvedCaptcha(
  t: TestApp,
  c: TestClient,
  purpose: 'register' | 'login' = 'register',
) {
  const cap = await c.data<Captcha>('captcha', { body: { purpose } });
  const answer = await captchaAnswer(t, cap.captchaId);
  return { captchaId: cap.captchaId, captchaCode: answer ?? '' };
}

/** The answer of a live captcha, read from the database (no API or runtime path reveals it). */
export async function captchaAnswer(t: TestApp, captchaId: string): Promise<string | null> {
  const r = await t.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [
    captchaId,
  ]);
  return r.rows[0]?.answer ?? null;
}

export interface Member {
  userName: string;
  password: string;
  token: string;
  client: TestClient;
  memberId: number;
}

export async function registerMember(
  t: TestApp,
  c: TestClient = t.client(),
  opts: { userName?: string; password?: string; inviteCode?: string } = {},
): Promise<Member> {
  const userName = opts.userName ?? uniqueName();
  const password = opts.password ?? GOOD_PASSWORD;
  const res = await c.data<LoginResult>('register', {
    body: {
      userName,
      password,
      ageConfirmed: true,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
      ...(await solvedCaptcha(t, c)),
    },
  });
  const r = await t.db.query<{ id: number }>('SELECT id FROM members WHERE user_name_lower = $1', [
    userName.toLowerCase(),
  ]);
  return { userName, password, token: res.token, client: c, memberId: r.rows[0]!.id };
}

export function userHash(userName: string): string {
  return sha256Hex(userName.toLowerCase());
}

/** The member's info as the site reads it (with the locked balance). */
export function memberInfo(
  m: Pick<Member, 'client' | 'token' | 'userName'>,
): Promise<Envelope<MemberInfo>> {
  return m.client.call<MemberInfo>('memberInfo', {
    token: m.token,
    body: { withLockMoney: 1 },
    headers: { 'x-user-hash': userHash(m.userName) },
  });
}

/** The newest code the dev SMS gateway sent to a phone. */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string> {
  const r = await t.db.query<{ text: string }>(
    'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
    [phone],
  );
  const m = /(\d{6})/.exec(r.rows[0]?.text ?? '');
  if (!m?.[1]) throw new Error(`no SMS to ${phone}`);
  return m[1];
}

/** Binds a phone to a member through the real calls. */
export async function bindPhone(
  t: TestApp,
  m: Member,
  phone: string,
  countryCode = '86',
): Promise<void> {
  await m.client.data('smsSend', {
    token: m.token,
    body: { purpose: 'bindPhone', countryCode, phone },
  });
  const code = await lastSmsCode(t, `${countryCode}${phone}`);
  await m.client.data('phoneBind', { token: m.token, body: { countryCode, phone, code } });
}

/** A logged-in operator of a seeded role (by the three roles' old names) or a role id. */
export async function adminToken(
  t: TestApp,
  role: 'admin' | 'finance' | 'moderator' | number = 'admin',
  options: { userName?: string } = {},
): Promise<string> {
  const userName = options.userName ?? uniqueName('op');
  const password = 'operator-pass-123';
  await t.services.operators.create(userName, password, role);
  const r = await t.app.inject({
    method: 'POST',
    url: '/admin/api/v1/login',
    payload: { userName, password },
  });
  const token = r.json<{ data: { token: string } }>().data.token;
  return token;
}

export async function adminCall<T = unknown>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const r = await t.app.inject({
    method,
    url,
    headers: { 'x-admin-token': token },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return r.json<{ status_code: number; message: string; data: T }>();
}

let idemSeq = 0;
/** A fresh idempotency key, as the web makes one per user action. */
export function idemKey(): string {
  idemSeq += 1;
  return `k-${Date.now().toString(36)}-${idemSeq}-${randomBytes(4).toString('hex')}`;
}

/** Credits a member's main wallet through an operator adjustment. */
export async function fund(
  t: TestApp,
  memberId: number,
  amount: string,
  admin?: string,
): Promise<void> {
  const token = admin ?? (await adminToken(t, 'finance'));
  const r = await t.app.inject({
    method: 'POST',
    url: `/admin/api/v1/members/${memberId}/adjust`,
    headers: { 'x-admin-token': token, 'x-idempotency-key': idemKey() },
    payload: { asset: 'CNY', direction: 'credit', amount, reason: '测试入金' },
  });
  if (r.json<{ status_code: number }>().status_code !== 6000)
    throw new Error(`fund failed: ${r.body}`);
}

/** A member ready to withdraw: approved real name, fund password 135790, a usable bank card. */
export async function withdrawReady(
  t: TestApp,
): Promise<Member & { accountId: number; admin: string }> {
  const m = await registerMember(t);
  const admin = await adminToken(t);
  await m.client.data('realNameSubmit', { token: m.token, body: { realName: '王小明' } });
  await adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
    approve: true,
  });
  await m.client.data('fundPasswordSet', {
    token: m.token,
    body: { fundPassword: '135790', stepUp: { password: m.password } },
  });
  const acc = await m.client.data<{ id: number }>('paymentAccountAdd', {
    token: m.token,
    body: {
      type: 'bank',
      bankCode: 'ICBC',
      accountNo: '6222020200123456789',
      stepUp: { password: m.password },
    },
  });
  return { ...m, accountId: acc.id, admin };
}

/** The fund password withdrawReady sets. */
export const FUND_PASSWORD = '135790';

/** A member's withdrawal of `amount` to their ready account (contract §5), with a fresh key. */
export function withdraw(
  m: Pick<Member, 'client' | 'token'> & { accountId: number },
  amount: string,
  opts: { fundPassword?: string; accountId?: number } = {},
): Promise<Envelope<WithdrawOrder>> {
  return m.client.call<WithdrawOrder>('withdrawOrder', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: {
      accountId: opts.accountId ?? m.accountId,
      amount,
      fundPassword: opts.fundPassword ?? FUND_PASSWORD,
    },
  });
}

/** Asserts an answer's code by name and hands the envelope back for further checks. */
export async function expectCode<T>(
  answer: Promise<Envelope<T>> | Envelope<T>,
  code: ErrorCode,
): Promise<Envelope<T>> {
  const env = await answer;
  expect(env.status_code, `answer ${JSON.stringify(env)}`).toBe(code);
  return env;
}
