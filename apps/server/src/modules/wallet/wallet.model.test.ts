// Over 300 lines on purpose: a model-based test whose commands and model must be read together.
import { hash } from '@node-rs/argon2';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, ErrorCode } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { unkeyedLedgerUnit } from '../../idempotency/money-unit';
import { sandboxSignature } from '../deposit/sandbox-gateway';

/**
 * Model-based property test (issue: wallet): random sequences of deposits, callbacks (with
 * replays and wrong amounts), operator confirms and rejects, withdrawals, approvals,
 * rejections, adjustments and COIN purchases drive the real services on a real database; after
 * every step the invariants are checked in SQL and the balances against a simple model.
 */
const RUNS = Number(process.env.WALLET_MODEL_RUNS ?? 1000);
const FUND_PASSWORD = '246810';

interface MemberState {
  id: number;
  main: bigint;
  locked: bigint;
  coin: bigint;
  accountId: number;
}
interface Model {
  members: MemberState[];
  deposits: { id: string; member: number; credit: bigint; status: string }[];
  withdrawals: { id: string; member: number; amount: bigint; status: string }[];
}
interface Real {
  t: TestApp;
  lastTx: bigint;
}

let t: TestApp;
let pool: MemberState[] = [];
const actor = { userName: 'model-test' };

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.services.settings.update({
    turnoverMultiplier: '0',
    payoutCooloffHours: 0,
    withdrawMin: '1',
    withdrawMax: '1000000',
    withdrawDailyMax: '100000000000',
    coinRate: '0.10',
    coinBuyMin: 1,
  });
  const admin = await adminToken(t);
  // A cheap hash (argon2id with a small cost) keeps 1,000 sequences fast; verification is the
  // real code path, reading its cost from the PHC string.
  const cheap = await hash(FUND_PASSWORD, { memoryCost: 256, timeCost: 1, parallelism: 1 });
  for (let i = 0; i < 3; i += 1) {
    const m = await registerMember(t);
    await m.client.data('realNameSubmit', { token: m.token, body: { realName: '模型测试' } });
    await adminCall(t, admin, 'POST', `/admin/api/v1/realName/${m.memberId}/review`, {
      approve: true,
    });
    await t.db.query('UPDATE members SET fund_password_hash = $2 WHERE id = $1', [
      m.memberId,
      cheap,
    ]);
    const acc = await m.client.data<{ id: number }>('paymentAccountAdd', {
      token: m.token,
      body: { type: 'alipay', accountNo: `1380000000${i}`, stepUp: { password: m.password } },
    });
    pool.push({ id: m.memberId, main: 0n, locked: 0n, coin: 0n, accountId: acc.id });
  }
}, 120_000);
afterAll(() => t.close());

async function ok<T>(p: Promise<T>): Promise<T | AppError> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

async function callback(orderId: string, amount: bigint): Promise<string> {
  const raw = JSON.stringify({
    orderId,
    amount: fenToYuanString(amount),
    status: 'paid',
    gatewayTradeNo: `M${orderId}`,
    paidAt: 1,
  });
  return t.services.depositCallbacks.callback('sandbox', raw, {
    'x-sandbox-signature': sandboxSignature(t.secrets.PAYMENT_CALLBACK_SECRET, raw),
  });
}

/** Invariants, in SQL, after every step. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const q: Queryable = t.db;
  const unbalanced = await q.query(
    // The postings written since the last step, by posting id (the primary key).
    `SELECT transaction_id, asset FROM ledger_postings WHERE id > $1 GROUP BY transaction_id, asset HAVING sum(amount) <> 0`,
    [real.lastTx],
  );
  expect(unbalanced.rows).toEqual([]);
  const last = await q.query<{ id: bigint | null }>('SELECT max(id) AS id FROM ledger_postings');
  real.lastTx = last.rows[0]?.id ?? 0n;
  const ids = model.members.map((m) => m.id);
  const rows = await q.query<{
    member_id: number;
    kind: string;
    balance: bigint;
    postings: string;
  }>(
    `SELECT a.member_id, a.kind, a.balance, COALESCE((SELECT sum(amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)::text AS postings
       FROM ledger_accounts a WHERE a.member_id = ANY($1)`,
    [ids],
  );
  for (const r of rows.rows) {
    expect(r.balance).toBe(BigInt(r.postings));
    expect(r.balance >= 0n).toBe(true);
  }
  for (const m of model.members) {
    const get = (kind: string) =>
      rows.rows.find((r) => r.member_id === m.id && r.kind === kind)?.balance ?? 0n;
    expect({ main: get('main'), locked: get('locked'), coin: get('coin') }).toEqual({
      main: m.main,
      locked: m.locked,
      coin: m.coin,
    });
  }
}

interface Cmd {
  check(m: Readonly<Model>): boolean;
  run(model: Model): Promise<void>;
  toString(): string;
}

/** Every command checks the invariants in SQL after it runs. */
function checked(c: Cmd): fc.AsyncCommand<Model, Real> {
  return {
    check: (m) => c.check(m),
    run: async (m, r) => {
      await c.run(m);
      await checkInvariants(m, r);
    },
    toString: () => c.toString(),
  };
}
const member = fc.integer({ min: 0, max: 2 });
const pick = fc.nat();
const amount = fc.integer({ min: 1, max: 3000 }).map((n) => BigInt(n) * 100n);

class DepositCmd implements Cmd {
  constructor(
    readonly m: number,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model) {
    const mem = model.members[this.m]!;
    const r = await ok(
      t.db.tx((q) =>
        t.services.deposits.create(q, mem.id, {
          channelId: 'alipay',
          amount: fenToYuanString(this.amount),
        }),
      ),
    );
    if (r instanceof AppError) {
      expect([ErrorCode.AmountBelowMin, ErrorCode.AmountAboveMax]).toContain(r.code);
      return;
    }
    model.deposits.push({ id: r.orderId, member: this.m, credit: this.amount, status: 'pending' });
  }
  toString = () => `deposit(${this.m}, ${this.amount})`;
}

class CallbackCmd implements Cmd {
  constructor(
    readonly i: number,
    readonly wrongAmount: boolean,
    readonly replays: number,
  ) {}
  check = (m: Readonly<Model>) => m.deposits.length > 0;
  async run(model: Model) {
    const d = model.deposits[this.i % model.deposits.length]!;
    const paid = this.wrongAmount ? d.credit + 1n : d.credit;
    for (let k = 0; k <= this.replays; k += 1) expect(await callback(d.id, paid)).toBe('success');
    if (d.status === 'pending' && !this.wrongAmount) {
      d.status = 'credited';
      model.members[d.member]!.main += d.credit;
    } else if (d.status !== 'credited' && d.status !== 'review') {
      d.status = 'review';
    }
  }
  toString = () => `callback(${this.i}, wrong=${this.wrongAmount}, replays=${this.replays})`;
}

class DecideDepositCmd implements Cmd {
  constructor(
    readonly i: number,
    readonly confirm: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.deposits.length > 0;
  async run(model: Model) {
    const d = model.deposits[this.i % model.deposits.length]!;
    const r = await ok(
      t.db.tx((q) =>
        this.confirm
          ? t.services.depositAdmin.confirm(q, actor, d.id)
          : t.services.depositAdmin.reject(q, actor, d.id, '模型拒绝'),
      ),
    );
    if (d.status === 'pending') {
      expect(r).not.toBeInstanceOf(AppError);
      d.status = this.confirm ? 'credited' : 'rejected';
      if (this.confirm) model.members[d.member]!.main += d.credit;
    } else {
      expect(r).toBeInstanceOf(AppError);
      expect((r as AppError).code).toBe(ErrorCode.OrderStateChanged);
    }
  }
  toString = () => `${this.confirm ? 'confirm' : 'reject'}Deposit(${this.i})`;
}

class WithdrawCmd implements Cmd {
  constructor(
    readonly m: number,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model) {
    const mem = model.members[this.m]!;
    const r = await ok(
      t.services.withdrawals
        .create(unkeyedLedgerUnit(t.db), mem.id, {
          accountId: mem.accountId,
          amount: fenToYuanString(this.amount),
          fundPassword: FUND_PASSWORD,
        })
        .then((result) => (result.kind === 'done' ? result.data : result)),
    );
    if (this.amount > mem.main) {
      expect((r as AppError).code).toBe(ErrorCode.InsufficientBalance);
      return;
    }
    expect(r).not.toBeInstanceOf(AppError);
    mem.main -= this.amount;
    mem.locked += this.amount;
    model.withdrawals.push({
      id: (r as { orderId: string }).orderId,
      member: this.m,
      amount: this.amount,
      status: 'review',
    });
  }
  toString = () => `withdraw(${this.m}, ${this.amount})`;
}

class DecideWithdrawCmd implements Cmd {
  constructor(
    readonly i: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.withdrawals.length > 0;
  async run(model: Model) {
    const w = model.withdrawals[this.i % model.withdrawals.length]!;
    const r = await ok(
      t.db.tx((q) =>
        this.approve
          ? t.services.withdrawAdmin.approve(q, actor, w.id)
          : t.services.withdrawAdmin.reject(q, actor, w.id, '模型拒绝'),
      ),
    );
    if (w.status !== 'review') {
      expect((r as AppError).code).toBe(ErrorCode.OrderStateChanged);
      return;
    }
    expect(r).not.toBeInstanceOf(AppError);
    const mem = model.members[w.member]!;
    mem.locked -= w.amount;
    if (!this.approve) mem.main += w.amount;
    w.status = this.approve ? 'paid' : 'rejected';
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}Withdraw(${this.i})`;
}

class AdjustCmd implements Cmd {
  constructor(
    readonly m: number,
    readonly credit: boolean,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model) {
    const mem = model.members[this.m]!;
    const r = await ok(
      t.db.tx((q) =>
        t.services.walletAdmin.adjust(q, actor, mem.id, {
          asset: 'CNY',
          direction: this.credit ? 'credit' : 'debit',
          amount: fenToYuanString(this.amount),
          reason: '模型调整',
        }),
      ),
    );
    if (!this.credit && this.amount > mem.main) {
      expect((r as AppError).code).toBe(ErrorCode.InsufficientBalance);
      return;
    }
    expect(r).not.toBeInstanceOf(AppError);
    mem.main += this.credit ? this.amount : -this.amount;
  }
  toString = () => `adjust(${this.m}, ${this.credit ? '+' : '-'}${this.amount})`;
}

class BuyCoinCmd implements Cmd {
  constructor(
    readonly m: number,
    readonly coins: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    const mem = model.members[this.m]!;
    const cost = BigInt(this.coins) * 10n;
    const r = await ok(t.db.tx((q) => t.services.coin.buy(q, mem.id, String(this.coins))));
    if (cost > mem.main) {
      expect((r as AppError).code).toBe(ErrorCode.InsufficientBalance);
      return;
    }
    expect(r).not.toBeInstanceOf(AppError);
    mem.main -= cost;
    mem.coin += BigInt(this.coins);
  }
  toString = () => `buyCoin(${this.m}, ${this.coins})`;
}

const commands = [
  fc.tuple(member, amount).map(([m, a]) => checked(new DepositCmd(m, a))),
  fc
    .tuple(pick, fc.boolean(), fc.integer({ min: 0, max: 2 }))
    .map(([i, w, r]) => checked(new CallbackCmd(i, w, r))),
  fc.tuple(pick, fc.boolean()).map(([i, c]) => checked(new DecideDepositCmd(i, c))),
  fc.tuple(member, amount).map(([m, a]) => checked(new WithdrawCmd(m, a))),
  fc.tuple(pick, fc.boolean()).map(([i, a]) => checked(new DecideWithdrawCmd(i, a))),
  fc.tuple(member, fc.boolean(), amount).map(([m, c, a]) => checked(new AdjustCmd(m, c, a))),
  fc
    .tuple(member, fc.integer({ min: 1, max: 5000 }))
    .map(([m, c]) => checked(new BuyCoinCmd(m, c))),
];

describe('wallet model', () => {
  it(`keeps the books exact over ${RUNS} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        // Each sequence starts from the members' real balances.
        const model: Model = {
          members: pool.map((m) => ({ ...m })),
          deposits: [],
          withdrawals: [],
        };
        const real: Real = { t, lastTx: 0n };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        pool = model.members.map((m) => ({ ...m }));
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 280_000, markInterruptAsFailure: true },
    );
    const reconcile = await t.services.walletAdmin.reconcile();
    expect(reconcile).toMatchObject({ ok: true, drift: [], negative: [] });
  }, 300_000);
});
