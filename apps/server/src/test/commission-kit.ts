import type { CommissionStatement, DepositOrder } from '@nebula/protocol';
import { expect } from 'vitest';
import { monthRange } from '../modules/agent/commission-math';
import { idemKey, type Member } from './factories';
import type { TestApp } from './test-app';

/**
 * Seeding and independent re-derivation for the commission statement tests (contract §5
 * Agents): bet copies, deposits and grants of a downline, and the month summed straight from
 * the ledger postings and the bet copies.
 */

/** The house venue row the seeded bet copies name. */
export async function commissionVenue(t: TestApp): Promise<void> {
  await t.db.query(
    `INSERT INTO venues (code, family, name, logo, dialect, origin, api_url, merchant_code, status, sort, created_at, updated_at)
     VALUES ('AGCP', 'CP', '代理测试彩票', '/static/venues/x.svg', NULL, 'http://127.0.0.1:1', 'http://127.0.0.1:1/api', 'NEBULA', 'open', 99, now(), now())`,
  );
}

let betSeq = 0;
/**
 * A bet copy settled (or open) at `at`: stake, payout and valid turnover in fen. Returns its
 * bet id: the counter runs on across the files of a worker (vitest.config.ts), so a test names
 * its bets by what this returns, never by a number of its own.
 */
export async function bet(
  t: TestApp,
  m: Member,
  at: number,
  stake: bigint,
  payout: bigint | null,
  valid = stake,
): Promise<string> {
  betSeq += 1;
  const betId = `AG${betSeq}`;
  await t.db.query(
    `INSERT INTO venue_bets (venue_code, bet_id, member_id, version, change_kind, status, stake,
       payout, odds_milli, potential_win, legs, placed_at, settled_at, valid_turnover, updated_at)
     VALUES ('AGCP', $1, $2, 2, 'settled', $3, $4, $5, 2000, $9, '[]'::jsonb, $6, $7, $8, $6)`,
    [
      betId,
      m.memberId,
      payout === null ? 'open' : payout > 0n ? 'won' : 'lost',
      stake,
      payout,
      new Date(at - 3600_000),
      payout === null ? null : new Date(at),
      valid,
      stake * 2n,
    ],
  );
  return betId;
}
export async function deposit(m: Member, amount: string) {
  const money = () => ({ 'x-idempotency-key': idemKey() });
  const o = await m.client.data<{ orderId: string }>('depositOrder', {
    token: m.token,
    headers: money(),
    body: { channelId: 'alipay', amount },
  });
  const paid = await m.client.data<DepositOrder>('sandboxPay', {
    token: m.token,
    headers: money(),
    params: { orderId: o.orderId },
    body: {},
  });
  expect(paid.status).toBe('credited');
}
export const grant = (t: TestApp, m: Member, kind: 'activity' | 'rebate', fen: bigint) =>
  t.db.tx((q) =>
    t.services.grants.create(q, {
      kind,
      sourceId: `agent-test:${idemKey()}`,
      memberId: m.memberId,
      title: '测试',
      amount: fen,
      turnoverMultiple: 0,
      expiresAt: null,
      auto: true,
    }),
  );

export interface Derived {
  stakes: bigint;
  payouts: bigint;
  grants: bigint;
  rebates: bigint;
  deposits: bigint;
  active: number;
}
/** Sums the members' month straight from the ledger postings and the bet copies. */
export async function derive(
  t: TestApp,
  ids: number[],
  month: string,
  activeMin: bigint,
): Promise<Derived> {
  const [from, to] = monthRange(month);
  const inMonth = (d: Date | null) => d !== null && d.getTime() >= from && d.getTime() < to;
  const bets = await t.db.query<{
    member_id: number;
    stake: bigint;
    payout: bigint | null;
    valid_turnover: bigint;
    status: string;
    settled_at: Date | null;
  }>(
    'SELECT member_id, stake, payout, valid_turnover, status, settled_at FROM venue_bets WHERE member_id = ANY($1::int[])',
    [ids],
  );
  const d: Derived = { stakes: 0n, payouts: 0n, grants: 0n, rebates: 0n, deposits: 0n, active: 0 };
  const turnover = new Map<number, bigint>();
  for (const b of bets.rows) {
    if (b.status === 'open' || !inMonth(b.settled_at)) continue;
    d.stakes += BigInt(b.stake);
    d.payouts += BigInt(b.payout ?? 0n);
    turnover.set(b.member_id, (turnover.get(b.member_id) ?? 0n) + BigInt(b.valid_turnover));
  }
  d.active = [...turnover.values()].filter((v) => v >= activeMin).length;
  const postings = await t.db.query<{ reference: string; created_at: Date; amount: bigint }>(
    `SELECT tx.reference, tx.created_at, p.amount FROM ledger_postings p
       JOIN ledger_transactions tx ON tx.id = p.transaction_id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.member_id = ANY($1::int[])`,
    [ids],
  );
  for (const p of postings.rows) {
    if (!inMonth(p.created_at)) continue;
    const [head, kind] = p.reference.split(':');
    const amount = BigInt(p.amount);
    if (head === 'deposit') d.deposits += amount;
    else if (head === 'grant' || head === 'grant-forfeit') {
      if (kind === 'rebate') d.rebates += amount;
      else if (kind !== 'commission') d.grants += amount;
    }
  }
  return d;
}

/** The statement's inputs as the independent derivation must find them. */
export function expectInputs(s: CommissionStatement, d: Derived, feeBp: bigint) {
  const yuan = (fen: bigint) =>
    `${fen < 0n ? '-' : ''}${(fen < 0n ? -fen : fen) / 100n}.${String((fen < 0n ? -fen : fen) % 100n).padStart(2, '0')}`;
  const fees = (d.deposits * feeBp) / 10_000n;
  expect({
    stakes: s.stakes,
    payouts: s.payouts,
    grants: s.grants,
    rebates: s.rebates,
    deposits: s.deposits,
    fees: s.fees,
    ngr: s.ngr,
    active: s.active,
  }).toEqual({
    stakes: yuan(d.stakes),
    payouts: yuan(d.payouts),
    grants: yuan(d.grants),
    rebates: yuan(d.rebates),
    deposits: yuan(d.deposits),
    fees: yuan(fees),
    ngr: yuan(d.stakes - d.payouts - d.grants - d.rebates - fees),
    active: d.active,
  });
}
