// Over 300 lines on purpose: one walk over every route of the table with every role, kept
// in one file so a new route cannot escape it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  routeMeta,
  routes,
  type RouteMeta,
  type RouteName,
  ErrorCode,
} from '@nebula/protocol';
import type { CallOptions } from '../test/test-client';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  adminToken,
  expectCode,
  fund,
  idemKey,
  type Member,
  withdrawReady,
} from '../test/factories';

/**
 * Walks the whole route table: every member route refuses a caller without a member session
 * and an operator's token in either header; every admin route refuses a member; and every
 * member route that takes an id refuses, with nothing changed, the real ids of another
 * member's things (orders, sandbox orders, payout accounts, devices).
 */
let t: TestApp;
let a: Member & { accountId: number };
let b: Member & { accountId: number };
let operator: string;
/** B's real things, made through the real calls. */
let owned: {
  bankOrderId: string;
  sandboxOrderId: string;
  accountId: number;
  deviceId: string;
  mailId: number;
  /** An available grant of B's, and a paid one whose turnover bucket is open. */
  grantId: number;
  paidGrantId: number;
  /** B's raise of a deposit limit, waiting for B's confirmation. */
  limitRequestId: number;
};

const money = () => ({ 'x-idempotency-key': idemKey() });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
  operator = await adminToken(t);
  // A could withdraw from an account of its own: a refusal below is about whose id it is.
  a = await withdrawReady(t);
  b = await withdrawReady(t);
  await fund(t, a.memberId, '1000', operator);
  await fund(t, b.memberId, '1000', operator);
  const bank = await b.client.data<{ orderId: string }>('depositOrder', {
    token: b.token,
    headers: money(),
    body: { channelId: 'bank-icbc', amount: '300', depositorName: '王小明' },
  });
  const sandbox = await b.client.data<{ orderId: string }>('depositOrder', {
    token: b.token,
    headers: money(),
    body: { channelId: 'alipay', amount: '200' },
  });
  const mail = await t.services.mail.send('auditor', {
    title: '只给 B 的站内信',
    body: 'B 的通知',
    audience: { kind: 'member', memberId: b.memberId },
  });
  const grant = (kind: 'activity' | 'vipUpgrade', auto: boolean) =>
    t.db.tx((q) =>
      t.services.grants.create(q, {
        kind,
        sourceId: `authz:${b.memberId}`,
        memberId: b.memberId,
        title: 'B 的彩金',
        amount: 1_000n,
        turnoverMultiple: 1,
        expiresAt: null,
        auto,
      }),
    );
  // A raise of B's first deposit limit waits as B's request for confirmation.
  for (const amount of ['100', '200']) {
    await b.client.data('depositLimitSet', {
      token: b.token,
      body: { period: 'day', amount },
    });
  }
  const limits = await b.client.data<{ list: { request: { id: number } | null }[] }>(
    'depositLimits',
    { token: b.token },
  );
  const limitRequestId = limits.list.find((l) => l.request)!.request!.id;
  const available = (await grant('activity', false))!;
  const paid = (await grant('vipUpgrade', true))!;
  owned = {
    limitRequestId,
    grantId: available.id,
    paidGrantId: paid.id,
    bankOrderId: bank.orderId,
    sandboxOrderId: sandbox.orderId,
    accountId: b.accountId,
    deviceId: b.client.deviceId,
    mailId: mail.id,
  };
  await b.client.data('jsonCacheSet', {
    token: b.token,
    params: { key: 'fav:1' },
    body: { value: 'QkJCQg==' },
  });
});
afterAll(() => t.close());

const entries = Object.entries(routeMeta) as [RouteName, (typeof routeMeta)[RouteName]][];
const memberRoutes = entries.filter(([, m]) => m.auth === 'member');
const sampleParams = {
  id: 'abcdefgh12',
  memberId: 1,
  orderId: 'D20261122ABCDEFGHJK',
  roomId: 1,
  messageId: 1,
  operatorId: 1,
  key: 'sample-key',
  code: 'IMTY',
  transferId: 'T0123456789abcdef',
  mailId: 1,
  feedbackId: 1,
  slug: 'kh',
  grantId: 1,
  level: 1,
  requestId: 1,
  entryId: 1,
  activityId: 1,
  applicationId: 1,
  agentId: 1,
  month: '202601',
  roleId: 1,
  approvalId: 1,
  itemId: 1,
  redemptionId: 1,
  passkeyId: 1,
};

/**
 * Ids that name the site's own things, the same for every member (a deposit channel, an
 * activity, an item of the points mall).
 */
const SITE_IDS = new Set(['channelId', 'siteId', 'activityId', 'itemId']);

/** Member routes that name something by id: in the path, or as a body field ending in id. */
function takesId(name: RouteName): boolean {
  const inPath = [...routeMeta[name].path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (inPath.some((key) => !SITE_IDS.has(key))) return true;
  const body = (routes[name] as { body?: { shape?: Record<string, unknown> } }).body;
  return Object.keys(body?.shape ?? {}).some((key) => /id$/i.test(key) && !SITE_IDS.has(key));
}

const isMoney = (name: RouteName) => (routeMeta[name] as RouteMeta).money === true;

/** Each id-taking member route called with B's ids, and the refusal it must give. */
const foreign: Partial<Record<RouteName, { call: () => CallOptions; code: number }>> = {
  depositOrderDetail: {
    call: () => ({ params: { orderId: owned.bankOrderId } }),
    code: ErrorCode.OrderNotFound,
  },
  depositCancel: {
    call: () => ({ params: { orderId: owned.bankOrderId }, body: {} }),
    code: ErrorCode.OrderNotFound,
  },
  sandboxOrder: {
    call: () => ({ params: { orderId: owned.sandboxOrderId } }),
    code: ErrorCode.OrderNotFound,
  },
  sandboxPay: {
    call: () => ({ params: { orderId: owned.sandboxOrderId }, body: {} }),
    code: ErrorCode.OrderNotFound,
  },
  paymentAccountRemove: {
    call: () => ({ params: { id: owned.accountId }, body: {} }),
    code: ErrorCode.PaymentAccountNotFound,
  },
  withdrawOrder: {
    call: () => ({ body: { accountId: owned.accountId, amount: '100', fundPassword: '135790' } }),
    code: ErrorCode.PaymentAccountNotFound,
  },
  deviceRemove: {
    call: () => ({ body: { deviceId: owned.deviceId } }),
    code: ErrorCode.DeviceNotFound,
  },
  // A key names the caller's own entry: writing B's key name writes A's, never B's.
  jsonCacheSet: {
    call: () => ({ params: { key: 'fav:1' }, body: { value: 'QUFBQQ==' } }),
    code: ErrorCode.Success,
  },
  mailRead: {
    call: () => ({ params: { mailId: owned.mailId }, body: {} }),
    code: ErrorCode.MailNotFound,
  },
  mailDelete: {
    call: () => ({ params: { mailId: owned.mailId }, body: {} }),
    code: ErrorCode.MailNotFound,
  },
  rewardGrantClaim: {
    call: () => ({ params: { grantId: owned.grantId }, body: {} }),
    code: ErrorCode.GrantNotFound,
  },
  rewardGrantGiveUp: {
    call: () => ({ params: { grantId: owned.paidGrantId }, body: {} }),
    code: ErrorCode.GrantNotFound,
  },
  limitRequestConfirm: {
    call: () => ({ params: { requestId: owned.limitRequestId }, body: {} }),
    code: ErrorCode.LimitRequestNotFound,
  },
  limitRequestCancel: {
    call: () => ({ params: { requestId: owned.limitRequestId }, body: {} }),
    code: ErrorCode.LimitRequestNotFound,
  },
};

/** Everything of B's that a foreign call could change, read through B's own calls. */
async function stateOfB() {
  const token = b.token;
  const [deposits, accounts, overview, balances, withdrawals, cached, mail] = await Promise.all([
    b.client.data<{ list: { orderId: string; status: string }[] }>('depositOrders', {
      token,
      query: { page: 1, pageSize: 50 },
    }),
    b.client.data<{ list: unknown[] }>('paymentAccounts', { token }),
    b.client.data<{ devices: { deviceId: string }[] }>('securityOverview', { token }),
    b.client.data('walletBalances', { token }),
    b.client.data<{ total: number }>('withdrawOrders', { token, query: { page: 1, pageSize: 50 } }),
    b.client.data<{ value: unknown }>('jsonCacheGet', { token, params: { key: 'fav:1' } }),
    b.client.data<{ list: { id: number; read: boolean }[] }>('mailList', { token }),
  ]);
  return {
    deposits: deposits.list.map((o) => [o.orderId, o.status]),
    accounts: accounts.list,
    devices: overview.devices.map((d) => d.deviceId),
    balances,
    withdrawals: withdrawals.total,
    cached: cached.value,
    mail: mail.list.map((m) => [m.id, m.read]),
  };
}

describe('authorization over the route table', () => {
  it.each(memberRoutes)(
    '%s refuses no session, a foreign token and an operator token',
    async (name, meta) => {
      const c = t.client();
      const params = meta.path.includes(':') ? sampleParams : undefined;
      const body = meta.method === 'POST' ? {} : undefined;
      await expectCode(c.call(name, { params, body }), ErrorCode.AuthRequired);
      // B's token from A's device: bound to B's device, so 10102.
      expect((await a.client.call(name, { params, token: b.token, body })).status_code).toBe(
        ErrorCode.SessionInvalid,
      );
      // A real, live operator token is no member token, in the member header or its own.
      expect((await c.call(name, { params, body, token: operator })).status_code).toBe(
        ErrorCode.AuthRequired,
      );
      const asAdmin = await t.app.inject({
        method: meta.method,
        url: buildPath(meta.path, params),
        headers: { ...c.headers(meta.path, meta.signed), 'x-admin-token': operator },
        ...(meta.method === 'POST' ? { payload: {} } : {}),
      });
      expect(asAdmin.json<{ status_code: number }>().status_code).toBe(ErrorCode.AuthRequired);
    },
  );

  it.each(entries.filter(([, m]) => m.path.startsWith('/admin/') && m.auth === 'admin'))(
    '%s refuses a member in every header',
    async (_name, meta) => {
      const url = buildPath(
        meta.path,
        meta.path.includes(':') ? { ...sampleParams, memberId: b.memberId } : undefined,
      );
      for (const headers of [{ 'x-api-token': a.token }, { 'x-admin-token': a.token }, {}]) {
        const r = await t.app.inject({
          method: meta.method,
          url,
          headers: { ...a.client.headers(meta.path, true), ...headers },
          ...(meta.method === 'POST' ? { payload: {} } : {}),
        });
        expect(r.json<{ status_code: number }>().status_code).toBe(ErrorCode.AdminAuthRequired);
      }
    },
  );

  it('member routes carry no member id a caller could swap', () => {
    for (const [, meta] of memberRoutes) {
      expect(meta.path).not.toMatch(/:memberId|:userId/);
    }
  });

  it('every member route that takes an id has a foreign-id case below', () => {
    expect(
      memberRoutes
        .map(([name]) => name)
        .filter(takesId)
        .sort(),
    ).toEqual(Object.keys(foreign).sort());
  });
});

describe("a member calling with another member's real ids", () => {
  it.each(Object.entries(foreign) as [RouteName, { call: () => CallOptions; code: number }][])(
    '%s is refused and changes nothing of theirs',
    async (name, { call, code }) => {
      const before = await stateOfB();
      const aBalances = await a.client.data('walletBalances', { token: a.token });
      const opts = call();
      const env = await a.client.call(name, {
        ...opts,
        token: a.token,
        ...(isMoney(name) ? { headers: money() } : {}),
      });
      expect(env.status_code).toBe(code);
      expect(await stateOfB()).toEqual(before);
      // Nor did the caller gain anything from it.
      expect(await a.client.data('walletBalances', { token: a.token })).toEqual(aBalances);
    },
  );

  it("B's things were really there and really B's (the refusals are not for want of data)", async () => {
    const state = await stateOfB();
    expect(state.deposits).toEqual(
      expect.arrayContaining([
        [owned.bankOrderId, 'pending'],
        [owned.sandboxOrderId, 'pending'],
      ]),
    );
    expect(state.accounts).toHaveLength(1);
    expect(state.devices).toContain(owned.deviceId);
    await expectCode(
      b.client.call('sandboxOrder', {
        token: b.token,
        params: { orderId: owned.sandboxOrderId },
      }),
      ErrorCode.Success,
    );
    await expectCode(
      b.client.call('depositOrderDetail', {
        token: b.token,
        params: { orderId: owned.bankOrderId },
      }),
      ErrorCode.Success,
    );
  });
});
