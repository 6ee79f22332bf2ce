import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, WalletBalances } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, fund, idemKey, withdrawReady, type Member } from '../../test/factories';

/**
 * Bad input on every money call (issue: wallet, tests): each refused with its code, and nothing
 * changes — balances, orders and ledger transactions stay as they were.
 */
let t: TestApp;
let m: Member & { accountId: number };
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({ payoutCooloffHours: 0 });
  m = await withdrawReady(t);
  op = await adminToken(t, 'finance');
  await fund(t, m.memberId, '1000', op);
});
afterAll(() => t.close());

/** 2^53 + 1 fen: above Number.MAX_SAFE_INTEGER, inside the old 16-digit pattern. */
const OVER_2_53_FEN = '90071992547409.93';
const OVER_2_53_UNITS = '9007199254740993';

async function snapshot() {
  const balances = await m.client.data<WalletBalances>('walletBalances', { token: m.token });
  const r = await t.db.query<{ deposits: number; withdrawals: number; entries: number }>(
    `SELECT (SELECT count(*)::int FROM deposit_orders WHERE member_id = $1) AS deposits,
            (SELECT count(*)::int FROM withdraw_orders WHERE member_id = $1) AS withdrawals,
            (SELECT count(*)::int FROM ledger_transactions WHERE member_id = $1) AS entries`,
    [m.memberId],
  );
  return { balances, ...r.rows[0] };
}

/** Sends `call` and expects `code` with nothing changed. */
async function refused(code: number, call: () => Promise<Envelope<unknown>>): Promise<void> {
  const before = await snapshot();
  expect((await call()).status_code).toBe(code);
  expect(await snapshot()).toEqual(before);
}

const key = () => ({ 'x-idempotency-key': idemKey() });
const deposit = (body: object) => () =>
  m.client.call('depositOrder', { token: m.token, headers: key(), body });
const withdraw = (body: object) => () =>
  m.client.call('withdrawOrder', { token: m.token, headers: key(), body });
const coinBuy = (body: object) => () =>
  m.client.call('coinBuy', { token: m.token, headers: key(), body });
const adjust = (payload: object) => async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/members/${m.memberId}/adjust`,
      headers: { 'x-admin-token': op, ...key() },
      payload,
    })
  ).json<Envelope<unknown>>();

// [amount, code]: "0" passes the grammar and is refused by the business minimum.
const AMOUNTS: [unknown, number][] = [
  ['-1', ErrorCode.Validation],
  ['0', ErrorCode.AmountBelowMin],
  [100, ErrorCode.Validation],
  ['abc', ErrorCode.Validation],
  ['1e309', ErrorCode.Validation],
  ['0.001', ErrorCode.Validation],
  [OVER_2_53_FEN, ErrorCode.Validation],
  ['90071992547409930', ErrorCode.Validation],
  [' 100', ErrorCode.Validation],
  ['100.', ErrorCode.Validation],
  ['', ErrorCode.Validation],
];

describe('bad amounts change nothing', () => {
  it.each(AMOUNTS)('deposit/order %j → %i', async (amount, code) => {
    await refused(code, deposit({ channelId: 'alipay', amount }));
  });
  it.each(AMOUNTS)('withdraw/order %j → %i', async (amount, code) => {
    await refused(code, withdraw({ accountId: m.accountId, amount, fundPassword: '135790' }));
  });
  it.each<[unknown, number]>([
    ['-1', ErrorCode.Validation],
    ['0', ErrorCode.AmountBelowMin],
    [100, ErrorCode.Validation],
    ['abc', ErrorCode.Validation],
    ['1e309', ErrorCode.Validation],
    ['0.001', ErrorCode.Validation],
    ['10.5', ErrorCode.Validation],
    [OVER_2_53_UNITS, ErrorCode.Validation],
    ['', ErrorCode.Validation],
  ])('coin/buy %j → %i', async (coins, code) => {
    await refused(code, coinBuy({ coins }));
  });
  it.each<[unknown, number]>([...AMOUNTS.map(([a]): [unknown, number] => [a, 10003])])(
    'operator adjustment %j → %i',
    async (amount, code) => {
      await refused(code, adjust({ asset: 'CNY', direction: 'credit', amount, reason: '测试' }));
    },
  );
  it('operator adjustment of COIN: places and amounts above 2^53 units are refused', async () => {
    await refused(
      10003,
      adjust({ asset: 'COIN', direction: 'credit', amount: '1.5', reason: '测试' }),
    );
    await refused(
      10003,
      adjust({ asset: 'COIN', direction: 'credit', amount: OVER_2_53_UNITS, reason: '测试' }),
    );
  });
});

describe('missing and extra fields change nothing', () => {
  it('deposit/order', async () => {
    await refused(10003, deposit({ channelId: 'alipay' }));
    await refused(10003, deposit({ amount: '100' }));
    await refused(10003, deposit({ channelId: 'alipay', amount: '100', bonus: true }));
  });
  it('withdraw/order', async () => {
    await refused(10003, withdraw({ accountId: m.accountId, amount: '100' }));
    await refused(10003, withdraw({ amount: '100', fundPassword: '135790' }));
    await refused(
      10003,
      withdraw({ accountId: m.accountId, amount: '100', fundPassword: '135790', fee: '0' }),
    );
    await refused(
      10003,
      withdraw({ accountId: String(m.accountId), amount: '100', fundPassword: '135790' }),
    );
  });
  it('coin/buy', async () => {
    await refused(10003, coinBuy({}));
    await refused(10003, coinBuy({ coins: '20', price: '0.01' }));
  });
  it('operator adjustment: the reason is mandatory; unknown fields and directions are refused', async () => {
    await refused(10003, adjust({ asset: 'CNY', direction: 'credit', amount: '10' }));
    await refused(10003, adjust({ asset: 'CNY', direction: 'credit', amount: '10', reason: '  ' }));
    await refused(
      10003,
      adjust({ asset: 'CNY', direction: 'credit', amount: '10', reason: '测试', memberId: 1 }),
    );
    await refused(10003, adjust({ asset: 'CNY', direction: 'gift', amount: '10', reason: '测试' }));
    await refused(
      10003,
      adjust({ asset: 'USD', direction: 'credit', amount: '10', reason: '测试' }),
    );
  });
  it('the largest wire amount is still accepted by the grammar (then refused by the channel maximum)', async () => {
    await refused(7007, deposit({ channelId: 'alipay', amount: '90071992547409.91' }));
  });
});
